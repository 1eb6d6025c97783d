// Audit trail: who changed which record when, and each field's before → after.
import type { AuditRow } from '../stores/audit-store';
import type { LabReads, LabWrites } from '../stores/lab-data';

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

/** An audit entry written in the open unit of work `tx`, so it commits (or not) with the change it records. */
export function recordAudit(tx: Pick<LabWrites, 'audit'>, e: AuditEntryInput): Promise<void> {
  return tx.audit.insert({ userId: e.userId, entityType: e.entityType, entityId: e.entityId, action: e.action, changes: JSON.stringify(e.changes) }).then(() => undefined);
}

const toEntry = (r: AuditRow): AuditEntry => ({ id: r.id, at: r.at, userId: r.user_id, userName: r.user_name, entityType: r.entity_type, entityId: r.entity_id, action: r.action, changes: JSON.parse(r.changes) });

/** One record's entries, oldest first, as read in the open unit `r`. */
export async function readHistory(r: Pick<LabReads, 'audit'>, entityType: string, entityId: number): Promise<AuditEntry[]> {
  return (await r.audit.forRecord(entityType, entityId)).map(toEntry);
}
