// Operations on the shipped reference data: what the lists say of one CAS number, and where every
// reference file came from (the About / data sources screen).
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { empty, requiredText, shortText } from './common';
import { parseCas } from '../cas';
import { EDITION_LISTS, type CasReference, type EditionPreview, type ReferenceSources } from '../reference';

/** Any written form parseCas accepts (prefixes, full-width digits, any dash); answers the canonical form. */
export const casNumberInput = z
  .string({ error: 'field.text' })
  .max(60, 'field.maxChars')
  .transform((v, ctx) => {
    const p = parseCas(v);
    if (p.kind === 'valid') return p.canonical;
    if (p.kind === 'empty') ctx.addIssue({ code: 'custom', message: 'field.required' });
    else if (p.kind === 'bad_check_digit') ctx.addIssue({ code: 'custom', message: 'reference.checkDigit', params: { cas: p.canonical, expected: p.expected } });
    else ctx.addIssue({ code: 'custom', message: 'cas.invalidField', params: { reason: p.reason } });
    return z.NEVER;
  });

const editionList = z.enum(EDITION_LISTS, { error: 'field.oneOf' });
const editionWords = z.object({ list: requiredText(200), edition: requiredText(200), source: shortText(1000).optional() }).strict();

export const editionUploadInput = z
  .object({
    uploadId: z.string().max(64).optional(),
    /** base64 of this chunk of the file; chunks arrive in order (an HCIS export is bigger than one request). */
    chunk: z.string({ error: 'field.text' }).max(1_400_000, 'field.maxChars'),
    last: z.boolean({ error: 'field.boolean' }),
  })
  .strict();
export type EditionUploadInput = z.output<typeof editionUploadInput>;

/** The uploaded file as the new edition of `list`, with its name in both languages (and optionally its source). */
export const editionPreviewInput = z.object({ list: editionList, uploadId: requiredText(64), zh: editionWords, en: editionWords }).strict();
export type EditionPreviewInput = z.output<typeof editionPreviewInput>;

const token = z.object({ token: requiredText(64) }).strict();

export const referenceOps = {
  /** The regulated-list entries and GHS classification of one CAS number; all null when no list has it. */
  lookupReferenceCas: op({ method: 'GET', path: '/reference/cas/:cas', access: 'user', input: z.object({ cas: casNumberInput }).strict(), output: returns<CasReference>() }),
  /** Every shipped reference file: list, edition, source, terms, rows. */
  referenceSources: op({ method: 'GET', path: '/reference/sources', access: 'user', input: empty, output: returns<ReferenceSources>() }),
  /** One chunk of a new edition's CSV file. */
  uploadReferenceEdition: op({ method: 'POST', path: '/reference/editions/upload', access: 'admin', input: editionUploadInput, output: returns<{ uploadId: string; received: number }>() }),
  /** The uploaded file checked as the build checks the shipped one, and what switching to it would change; nothing changes yet. */
  previewReferenceEdition: op({ method: 'POST', path: '/reference/editions/:list/preview', access: 'admin', input: editionPreviewInput, output: returns<EditionPreview>() }),
  /** What going back to the shipped edition of a list would change; nothing changes yet. */
  previewReferenceRevert: op({ method: 'POST', path: '/reference/editions/:list/revert-preview', access: 'admin', input: z.object({ list: editionList }).strict(), output: returns<EditionPreview>() }),
  /** Makes a previewed edition the list's: lookups answer from it at once. */
  switchReferenceEdition: op({ method: 'POST', path: '/reference/editions/switch', access: 'admin', input: token, output: returns<EditionPreview>() }),
  /** Drops a pending preview. */
  cancelReferenceEdition: op({ method: 'POST', path: '/reference/editions/cancel', access: 'admin', input: token, output: returns<{ ok: true }>() }),
} satisfies Record<string, OperationDef>;
