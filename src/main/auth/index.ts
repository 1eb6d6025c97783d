// The auth room: accounts, passwords and sessions.
import type { Db } from '../db/open';
import type { AuditLog } from '../audit/audit-log';
import { AuthService } from './auth-service';

export function wire(deps: { db: Db; audit: AuditLog }): AuthService {
  return new AuthService(deps.db, deps.audit);
}
