// The current lab's audit log on PostgreSQL: the same interface and answers as lab.db's audit
// store (stores/audit-store.ts). Row-level security keeps every statement to the current lab, and
// the application role may only add entries. `changes` is kept as the JSON text it was given, so
// it reads back byte for byte; the names as of an entry are read from it as jsonb.
import type { Sql } from '../../db/pg/sql';
import type { Async } from '../async-store';
import { auditConditions, type AuditFilter, type AuditRow, type AuditWrites } from '../audit-store';

/** The table a bulk import's spooled rows are in on PostgreSQL: a temporary table of its unit. */
export const PG_SPOOL_ROWS = 'pg_temp.spool_rows';

/**
 * `field` as of entry `a`: the latest value set at or before it (a delete sets it to null, so the
 * value before the delete stays), else the value it had before entry `a`.
 */
const asOf = (field: string) => `COALESCE(
  (SELECT b.changes::jsonb -> '${field}' ->> 1 FROM audit_log b
     WHERE b.entity_type = a.entity_type AND b.entity_id = a.entity_id AND b.id <= a.id AND b.changes::jsonb -> '${field}' ->> 1 IS NOT NULL
     ORDER BY b.id DESC LIMIT 1),
  a.changes::jsonb -> '${field}' ->> 0`;

// Past the log, lab.db falls back to the record's current name in its own table. Of those tables
// only `users` is on PostgreSQL yet; the others join here as their stores arrive (docs/postgres.md).
const NAME_AT = `${asOf('name')}, CASE a.entity_type WHEN 'user' THEN (SELECT display_name FROM users WHERE id = a.entity_id) END)`;
const NAME_EN_AT = `CASE WHEN a.entity_type = 'controlled_list' THEN ${asOf('name_en')}) END`;
const UNIT_AT = `CASE WHEN a.entity_type = 'inventory_item' THEN ${asOf('unit')}) END`;

const ROW = `a.id, a.at, a.user_id, u.display_name AS user_name, a.entity_type, a.entity_id, a.action, a.changes`;

/** The filter's WHERE, its placeholders numbered $1 …, and its parameters. */
function where(f: AuditFilter): { sql: string; params: unknown[] } {
  const parts = auditConditions(f);
  return { sql: parts.length ? `WHERE ${parts.map(([c], i) => `${c} $${i + 1}`).join(' AND ')}` : '', params: parts.map(([, v]) => v) };
}

type PageRow = AuditRow & { record_name: unknown; record_name_en: unknown; record_unit: unknown };

export function pgAuditStore(sql: Sql): Async<AuditWrites> {
  return {
    forRecord: (entityType, entityId) =>
      sql.all<AuditRow>(`SELECT ${ROW} FROM audit_log a LEFT JOIN users u ON u.id = a.user_id WHERE a.entity_type = $1 AND a.entity_id = $2 ORDER BY a.id`, [entityType, entityId]),
    count: async (filter) => {
      const w = where(filter);
      return (await sql.get<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a ${w.sql}`, w.params))!.n;
    },
    page: (filter, limit, offset) => {
      const w = where(filter);
      const n = w.params.length;
      return sql.all<PageRow>(
        `SELECT ${ROW}, ${NAME_AT} AS record_name, ${NAME_EN_AT} AS record_name_en, ${UNIT_AT} AS record_unit
         FROM audit_log a LEFT JOIN users u ON u.id = a.user_id ${w.sql}
         ORDER BY a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...w.params, limit, offset],
      );
    },
    insert: async (e) =>
      (await sql.get<{ id: number }>('INSERT INTO audit_log (user_id, entity_type, entity_id, action, changes) VALUES ($1, $2, $3, $4, $5) RETURNING id', [e.userId, e.entityType, e.entityId, e.action, e.changes]))!.id,
    // A select list's parameters have no column to take their type from, hence the casts.
    insertSpooled: async (e, idOffset, from, to) => {
      await sql.run(
        `INSERT INTO audit_log (user_id, entity_type, entity_id, action, changes)
         SELECT $1::integer, $2::text, s.n + $3::integer, $4::text, s.audit_changes FROM ${PG_SPOOL_ROWS} s WHERE s.n BETWEEN $5 AND $6 ORDER BY s.n`,
        [e.userId, e.entityType, idOffset, e.action, from, to],
      );
    },
  };
}
