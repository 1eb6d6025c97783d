// Reading the audit log for people: the admin's filtered list (newest first, paged) and the
// user-id fields resolved to display names. A deleted record keeps its entries and its name:
// the name shown is the one the record had at that entry, read from the log itself.
import type { Db } from '../db/open';
import type { AuditKind, AuditListEntry, AuditPage } from '../../shared/audit';
import type { AuditQuery } from '../../shared/contract/audit';
import { userStore } from '../stores/user-store';

/** Fields whose values are user ids; people read names. */
const USER_FIELDS = new Set(['borrowed_by', 'applicant_id', 'created_by']);

/** A function that replaces user ids in an entry's changes with display names (one read per call site). */
export function peopleResolver(db: Db): (changes: Record<string, [unknown, unknown]>) => Record<string, [unknown, unknown]> {
  const names = userStore(db).displayNames();
  const person = (v: unknown) => (typeof v === 'number' ? (names.get(v) ?? `#${v}`) : v);
  return (changes) => Object.fromEntries(Object.entries(changes).map(([f, [from, to]]) => [f, USER_FIELDS.has(f) ? [person(from), person(to)] : [from, to]]));
}

/** Stored times are `…T…:…:….mmmZ` text; a bound compares as the same text. */
const asStored = (iso: string) => new Date(iso).toISOString();

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

export function searchAudit(db: Db, q: AuditQuery): AuditPage {
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, v: unknown) => (where.push(sql), args.push(v));
  if (q.user !== undefined) add('a.user_id = ?', q.user);
  if (q.from) add('a.at >= ?', asStored(q.from));
  if (q.to) add('a.at < ?', asStored(q.to));
  if (q.kind) add('a.entity_type = ?', q.kind);
  if (q.action) add('a.action = ?', q.action);
  if (q.record !== undefined) add('a.entity_id = ?', q.record);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (db.prepare(`SELECT count(*) AS n FROM audit_log a ${filter}`).get(...args) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT a.id, a.at, a.user_id, u.display_name AS user_name, a.entity_type, a.entity_id, a.action, a.changes, ${NAME_AT} AS record_name, ${NAME_EN_AT} AS record_name_en
       FROM audit_log a LEFT JOIN users u ON u.id = a.user_id ${filter}
       ORDER BY a.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, q.pageSize, (q.page - 1) * q.pageSize) as Array<{
    id: number;
    at: string;
    user_id: number | null;
    user_name: string | null;
    entity_type: AuditKind;
    entity_id: number;
    action: string;
    changes: string;
    record_name: unknown;
    record_name_en: unknown;
  }>;
  const people = peopleResolver(db);
  const entries: AuditListEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at,
    userId: r.user_id,
    userName: r.user_name,
    kind: r.entity_type,
    recordId: r.entity_id,
    recordName: r.record_name === null || r.record_name === undefined ? null : String(r.record_name),
    ...(r.record_name_en === null || r.record_name_en === undefined ? {} : { recordNameEn: String(r.record_name_en) }),
    action: r.action,
    changes: people(JSON.parse(r.changes) as Record<string, [unknown, unknown]>),
  }));
  return { entries, total, page: q.page, pageSize: q.pageSize };
}
