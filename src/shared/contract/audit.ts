// The audit log for administrators: every change of every record, newest first, with filters.
import { z } from 'zod';
import { op, returns } from './define';
import { id, numeric } from './common';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditPage } from '../audit';

const instant = z.iso.datetime({ offset: true, error: 'field.dateTime' });

export const auditListInput = z
  .object({
    /** The user who made the change. */
    user: id.optional(),
    /** Inclusive lower and exclusive upper bound of the entry's time. */
    from: instant.optional(),
    to: instant.optional(),
    kind: z.enum(AUDIT_KINDS, { error: 'field.oneOf' }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'field.oneOf' }).optional(),
    record: id.optional(),
    page: numeric(z.number({ error: 'field.number' }).int('field.wholeNumber').min(1, 'field.min').max(10_000, 'field.tooLarge')).default(1),
    pageSize: numeric(z.number({ error: 'field.number' }).int('field.wholeNumber').min(1, 'field.min').max(200, 'field.max')).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], error: 'field.afterFrom' });
export type AuditQuery = z.output<typeof auditListInput>;

export const auditOps = {
  listAudit: op({ method: 'GET', path: '/audit', access: 'admin', input: auditListInput, output: returns<AuditPage>() }),
};
