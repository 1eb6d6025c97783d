// Operations on container labels: a PDF of labels (QR code with the `LAB1:<id>` payload, names,
// CAS, specification, lot, expiry, location, GHS, controlled category) in several sizes, for one
// item or a selection, and the same labels' content for the print page.
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { id, labelLanguage as lang } from './common';
import type { ExportDownload } from '../records';
import { LABEL_SIZES, MAX_LABELS, type LabelContent } from '../labels';

const size = z.enum(LABEL_SIZES, { error: 'field.oneOf' }).optional().default('70x40');

/** A selection: ids as an array (IPC) or "1,2,3" (a query string); at most MAX_LABELS, duplicates once. */
export const labelIds = z
  .union([z.string({ error: 'field.idList' }), z.array(id, { error: 'field.idList' })], { error: 'field.idList' })
  .transform((v, ctx) => {
    const parts = typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v;
    // Both forms are capped before de-duplication (which compares each id with those kept), so a
    // huge list is refused at once. (A `.max` on the array inside the union would be reported as
    // the union's `field.idList`, hiding the limit; this names it, with the number.)
    if (parts.length > MAX_LABELS) {
      ctx.addIssue({ code: 'custom', message: 'field.maxItems', params: { max: MAX_LABELS } });
      return z.NEVER;
    }
    const out: number[] = [];
    for (const p of parts) {
      const n = typeof p === 'number' ? p : /^\d{1,15}$/.test(p) ? Number(p) : NaN;
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: 'field.idList' });
        return z.NEVER;
      }
      if (!out.includes(n)) out.push(n);
    }
    if (out.length === 0) ctx.addIssue({ code: 'custom', message: 'field.required' });
    if (out.length > MAX_LABELS) ctx.addIssue({ code: 'custom', message: 'field.maxItems', params: { max: MAX_LABELS } });
    return out;
  });

export const labelPdfInput = z.object({ id, size, lang }).strict();
export const labelsPdfInput = z.object({ ids: labelIds, size, lang }).strict();
export const labelContentInput = z.object({ ids: labelIds, lang }).strict();

export type LabelPdfInput = z.output<typeof labelPdfInput>;
export type LabelsPdfInput = z.output<typeof labelsPdfInput>;

export const labelOps = {
  /** One item's label as PDF (the path the acceptance check uses). */
  labelPdf: op({ method: 'GET', path: '/inventory/:id/label.pdf', access: 'user', input: labelPdfInput, output: returns<ExportDownload>(), download: true }),
  /** Labels of a selection, in the order given: one per page (50x30, 70x40) or 24 per A4 sheet. */
  labelsPdf: op({ method: 'GET', path: '/labels.pdf', access: 'user', input: labelsPdfInput, output: returns<ExportDownload>(), download: true }),
  /** What the labels of a selection say, for the print page (same content as the PDF). */
  labelContents: op({ method: 'GET', path: '/labels', access: 'user', input: labelContentInput, output: returns<LabelContent[]>() }),
} satisfies Record<string, OperationDef>;
