// The audit log for administrators: every change of every record, newest first, with filters.
import { z } from 'zod';
import { op, returns } from './define';
import { id, numeric } from './common';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditPage } from '../audit';

const instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

export const auditListInput = z
  .object({
    /** The user who made the change. */
    user: id.optional(),
    /** Inclusive lower and exclusive upper bound of the entry's time. */
    from: instant.optional(),
    to: instant.optional(),
    kind: z.enum(AUDIT_KINDS, { error: `must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    record: id.optional(),
    page: numeric(z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'is too large')).default(1),
    pageSize: numeric(z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(200, 'at most 200')).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], error: 'must be after from' });
export type AuditQuery = z.output<typeof auditListInput>;

export const auditOps = {
  listAudit: op({ method: 'GET', path: '/audit', access: 'admin', input: auditListInput, output: returns<AuditPage>() }),
};
