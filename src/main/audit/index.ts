// The audit room (README.md): the audit log every room writes in its own transactions, and the
// admin list over it (audit-query.ts).
import type { Db } from '../db/open';
import { AuditLog } from './audit-log';

export function wire(deps: { db: Db }): AuditLog {
  return new AuditLog(deps.db);
}
