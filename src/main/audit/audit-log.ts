// Audit trail: who changed which record when, and each field's before → after.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

export interface AuditEntryInput {
  userId: number | null;
  entityType: string;
  entityId: number;
  action: string;
  /** field → [before, after] */
  changes: Record<string, [unknown, unknown]>;
}

export interface AuditEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  entityType: string;
  entityId: number;
  action: string;
  changes: Record<string, [unknown, unknown]>;
}

export class AuditLog {
  constructor(private readonly db: Db) {}

  /** Call inside the business transaction so the entry commits (or not) with the change. */
  record(e: AuditEntryInput): void {
    prepareCached(this.db, 'INSERT INTO audit_log (user_id, entity_type, entity_id, action, changes) VALUES (?, ?, ?, ?, ?)').run(e.userId, e.entityType, e.entityId, e.action, JSON.stringify(e.changes));
  }

  history(entityType: string, entityId: number): AuditEntry[] {
    const rows = this.db
      .prepare(
        `SELECT a.id, a.at, a.user_id, u.display_name AS user_name, a.entity_type, a.entity_id, a.action, a.changes
         FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
         WHERE a.entity_type = ? AND a.entity_id = ? ORDER BY a.id`,
      )
      .all(entityType, entityId) as Array<{ id: number; at: string; user_id: number | null; user_name: string | null; entity_type: string; entity_id: number; action: string; changes: string }>;
    return rows.map((r) => ({ id: r.id, at: r.at, userId: r.user_id, userName: r.user_name, entityType: r.entity_type, entityId: r.entity_id, action: r.action, changes: JSON.parse(r.changes) }));
  }
}
