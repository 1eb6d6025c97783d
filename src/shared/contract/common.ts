// Reusable field validators: limits on text length and id shapes shared by all domains.
import { z } from 'zod';
import { amountProblem, MAX_DECIMALS } from '../amounts';
import { GHS_PICTOGRAMS, isCalendarDate } from '../stock';

/**
 * A number field: a JSON number, or numeric text (query strings and path parameters arrive as
 * text). Unlike z.coerce, booleans, arrays and null are refused instead of becoming 1, 5 or 0.
 */
export const numeric = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);
export const id = numeric(z.number({ error: 'field.number' }).int('field.wholeNumber').positive('field.positive'));
export const shortText = (max = 200) => z.string({ error: 'field.text' }).trim().max(max, 'field.maxChars');
export const requiredText = (max = 200) => shortText(max).min(1, 'field.required');
export const empty = z.object({}).strict();
/** Query-string booleans arrive as text over HTTP and as booleans over IPC. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
export const page = z.coerce.number().int().min(1).default(1);
export const pageSize = z.coerce.number().int().min(1).max(500).default(50);

/** An amount of stock (shared/amounts.ts): a number, ≥ 0 or > 0, at most MAX_DECIMALS decimals. */
export const amount = (opts: { allowZero?: boolean } = {}) =>
  numeric(
    z.number({ error: 'field.number' }).superRefine((v, ctx) => {
      const p = amountProblem(v, opts);
      if (p) ctx.addIssue({ code: 'custom', message: p, params: p === 'field.decimals' ? { max: MAX_DECIMALS } : {} });
    }),
  );

/** A calendar date YYYY-MM-DD (the lab's local day); empty or null clears it. */
export const calendarDate = z
  .union([z.literal(''), z.null(), z.string({ error: 'field.date' }).trim().refine(isCalendarDate, 'field.date')], { error: 'field.date' })
  .transform((v) => (v ? v : null));

/** GHS pictogram codes; duplicates collapse, kept in GHS order. */
export const ghsList = z
  .array(z.enum(GHS_PICTOGRAMS, { error: 'field.oneOf' }), { error: 'field.list' })
  .max(GHS_PICTOGRAMS.length, 'field.maxItems')
  .transform((v) => GHS_PICTOGRAMS.filter((g) => v.includes(g)));

/** A second person's confirmation (双人双锁): another active member or admin types their own
 *  username and password into the same dialog. Required for use, dispose and adjust of a
 *  controlled item (stock/second-person.ts checks it). */
export const secondPerson = z
  .object({
    username: requiredText(100),
    password: z.string({ error: 'field.text' }).min(1, 'field.required').max(200, 'field.maxChars'),
  })
  .strict();

/** The language of a downloaded file's words (a report, a ledger, a label): the UI's, Chinese unless asked. */
export const labelLanguage = z.enum(['zh-CN', 'en'], { error: 'field.oneOf' }).optional().default('zh-CN');
