// The one owner of lab.db's `audit_log` table (docs/stores.md). Rows are only ever added: the
// business write adds its entry in its own transaction; the lists read them with the names of the
// people and records they are about.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { SPOOL_SCHEMA } from './import-spool-store';

export interface AuditRow {
  id: number;
  at: string;
  user_id: number | null;
  /** The actor's display name (null: no actor, or an account gone). */
  user_name: string | null;
  entity_type: string;
  entity_id: number;
  action: string;
  /** JSON: field → [before, after]. */
  changes: string;
}

/** The admin list's filter; every part optional (`from` / `to`: stored time text, to exclusive). */
export interface AuditFilter {
  user?: number;
  from?: string;
  to?: string;
  kind?: string;
  action?: string;
  record?: number;
}

export interface AuditNewEntry {
  userId: number | null;
  entityType: string;
  entityId: number;
  action: string;
  /** JSON: field → [before, after]. */
  changes: string;
}

export interface AuditReads {
  /** One record's entries, oldest first. */
  forRecord(entityType: string, entityId: number): AuditRow[];
  count(filter: AuditFilter): number;
  /**
   * A page of the filtered entries, newest first, each with the record's name as of that entry
   * (and a controlled list's English name): see NAME_AT.
   */
  page(filter: AuditFilter, limit: number, offset: number): Array<AuditRow & { record_name: unknown; record_name_en: unknown; record_unit: unknown }>;
}

export interface AuditWrites extends AuditReads {
  insert(e: AuditNewEntry): number;
  /**
   * One entry per spooled row `from`…`to` of a bulk import (the spool attached as `spool`, its
   * `audit_changes` ready): row n is about record n + `idOffset`.
   */
  insertSpooled(e: { userId: number; entityType: string; action: string }, idOffset: number, from: number, to: number): void;
}

// The name as of entry `a`: the latest name set at or before it (a delete sets it to null, so the
// name before the delete stays), else the record's current name (records older than their log).
const NAME_AT = `COALESCE(
  (SELECT json_extract(b.changes, '$.name[1]') FROM audit_log b
     WHERE b.entity_type = a.entity_type AND b.entity_id = a.entity_id AND b.id <= a.id AND json_extract(b.changes, '$.name[1]') IS NOT NULL
     ORDER BY b.id DESC LIMIT 1),
  json_extract(a.changes, '$.name[0]'),
  CASE a.entity_type
    WHEN 'inventory_item' THEN (SELECT name FROM inventory_items WHERE id = a.entity_id)
    WHEN 'reagent_order' THEN (SELECT name FROM reagent_orders WHERE id = a.entity_id)
    WHEN 'consumable_order' THEN (SELECT name FROM consumable_orders WHERE id = a.entity_id)
    WHEN 'user' THEN (SELECT display_name FROM users WHERE id = a.entity_id)
    WHEN 'location' THEN (SELECT path FROM locations WHERE id = a.entity_id)
    WHEN 'controlled_list' THEN (SELECT name_zh FROM controlled_categories WHERE id = a.entity_id)
  END)`;

// A controlled list has a name per language (name_zh is NAME_AT's `name`): its English name as of
// entry `a`, the same way, so the English UI names the list in English.
const NAME_EN_AT = `CASE WHEN a.entity_type = 'controlled_list' THEN COALESCE(
  (SELECT json_extract(b.changes, '$.name_en[1]') FROM audit_log b
     WHERE b.entity_type = a.entity_type AND b.entity_id = a.entity_id AND b.id <= a.id AND json_extract(b.changes, '$.name_en[1]') IS NOT NULL
     ORDER BY b.id DESC LIMIT 1),
  json_extract(a.changes, '$.name_en[0]'),
  (SELECT name_en FROM controlled_categories WHERE id = a.entity_id)) END`;

// An inventory item's unit after entry `a` (its amounts are in it), the same way as its name.
const UNIT_AT = `CASE WHEN a.entity_type = 'inventory_item' THEN COALESCE(
  (SELECT json_extract(b.changes, '$.unit[1]') FROM audit_log b
     WHERE b.entity_type = a.entity_type AND b.entity_id = a.entity_id AND b.id <= a.id AND json_extract(b.changes, '$.unit[1]') IS NOT NULL
     ORDER BY b.id DESC LIMIT 1),
  json_extract(a.changes, '$.unit[0]'),
  (SELECT unit FROM inventory_items WHERE id = a.entity_id)) END`;

const ROW = `a.id, a.at, a.user_id, u.display_name AS user_name, a.entity_type, a.entity_id, a.action, a.changes`;

/**
 * The filter's conditions, the parts given in a fixed order: each a comparison waiting for its
 * placeholder, and its value (the PostgreSQL store numbers the placeholders).
 */
export function auditConditions(f: AuditFilter): Array<[comparison: string, value: unknown]> {
  const parts: Array<[string, unknown]> = [];
  if (f.user !== undefined) parts.push(['a.user_id =', f.user]);
  if (f.from) parts.push(['a.at >=', f.from]);
  if (f.to) parts.push(['a.at <', f.to]);
  if (f.kind) parts.push(['a.entity_type =', f.kind]);
  if (f.action) parts.push(['a.action =', f.action]);
  if (f.record !== undefined) parts.push(['a.entity_id =', f.record]);
  return parts;
}

/** The filter's WHERE and its parameters. */
function where(f: AuditFilter): { sql: string; params: unknown[] } {
  const parts = auditConditions(f);
  return { sql: parts.length ? `WHERE ${parts.map(([c]) => `${c} ?`).join(' AND ')}` : '', params: parts.map(([, v]) => v) };
}

export function auditStore(db: Db): AuditWrites {
  return {
    forRecord: (entityType, entityId) =>
      prepareCached(db, `SELECT ${ROW} FROM audit_log a LEFT JOIN users u ON u.id = a.user_id WHERE a.entity_type = ? AND a.entity_id = ? ORDER BY a.id`).all(entityType, entityId) as AuditRow[],
    count: (filter) => {
      const w = where(filter);
      return prepareCached(db, `SELECT count(*) FROM audit_log a ${w.sql}`, 'pluck').get(...w.params) as number;
    },
    page: (filter, limit, offset) => {
      const w = where(filter);
      return prepareCached(
        db,
        `SELECT ${ROW}, ${NAME_AT} AS record_name, ${NAME_EN_AT} AS record_name_en, ${UNIT_AT} AS record_unit
         FROM audit_log a LEFT JOIN users u ON u.id = a.user_id ${w.sql}
         ORDER BY a.id DESC LIMIT ? OFFSET ?`,
      ).all(...w.params, limit, offset) as Array<AuditRow & { record_name: unknown; record_name_en: unknown; record_unit: unknown }>;
    },
    insert: (e) =>
      prepareCached(db, 'INSERT INTO audit_log (user_id, entity_type, entity_id, action, changes) VALUES (?, ?, ?, ?, ?) RETURNING id', 'pluck').get(e.userId, e.entityType, e.entityId, e.action, e.changes) as number,
    insertSpooled: (e, idOffset, from, to) => {
      prepareCached(
        db,
        `INSERT INTO audit_log (user_id, entity_type, entity_id, action, changes)
         SELECT ?, ?, s.n + ?, ?, s.audit_changes FROM ${SPOOL_SCHEMA}.rows s WHERE s.n BETWEEN ? AND ? ORDER BY s.n`,
      ).run(e.userId, e.entityType, idOffset, e.action, from, to);
    },
  };
}
