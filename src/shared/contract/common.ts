// Reusable field validators: limits on text length and id shapes shared by all domains.
import { z } from 'zod';

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
