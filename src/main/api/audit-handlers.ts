// Handlers for the audit log screen (admin only by the contract's access level).
import type { LabData } from '../stores/lab-data';
import { searchAudit } from '../audit/audit-query';
import type { HandlerTable } from './handler-table';
import type { auditOps } from '../../shared/contract/audit';

export interface AuditHandlerDeps {
  data: LabData;
}

export function auditHandlers(d: AuditHandlerDeps): Pick<HandlerTable, keyof typeof auditOps> {
  return { listAudit: (q) => searchAudit(d.data, q) };
}
