// Operations on controlled chemicals: the categories and their CAS lists (list, import, export,
// edit) and the controlled ledger export per category and date range.
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { calendarDate, id, labelLanguage as lang, requiredText, shortText } from './common';
import type { ControlledCategory, ControlledEntry, ControlledImportResult } from '../controlled';
import type { ExportDownload } from '../records';

const categoryName = requiredText(60);
/** A list file of up to ~1.4 MB (tens of thousands of rows) fits one request. */
export const MAX_LIST_FILE_BYTES = 1_400_000;
const MAX_LIST_FILE_BASE64 = Math.ceil(MAX_LIST_FILE_BYTES / 3) * 4;
const cas = requiredText(40);
const day = calendarDate.refine((v) => v !== null, 'field.required');

export const controlledCreateInput = z
  .object({
    name_zh: categoryName,
    name_en: categoryName,
    /** Optional first entries; a bad CAS refuses the whole request naming `entries.<i>.cas`. */
    entries: z.array(z.object({ cas, name: shortText(200).optional() }).strict(), { error: 'field.list' }).max(5000, 'field.maxItems').optional(),
  })
  .strict();
export const controlledRenameInput = z.object({ id, name_zh: categoryName.optional(), name_en: categoryName.optional() }).strict();
export const controlledCasInput = z.object({ id, cas, name: shortText(200).optional() }).strict();
export const controlledImportInput = z
  .object({
    id,
    fileName: requiredText(255),
    /** The file's bytes as base64 (a list is small: hundreds of rows); within the HTTP body limit (2 MB). */
    content: z.string({ error: 'field.text' }).min(1, 'field.required').max(MAX_LIST_FILE_BASE64, 'field.maxChars'),
  })
  .strict();
export const controlledLedgerInput = z.object({ id, from: day, to: day, lang }).strict();

export type ControlledCreateInput = z.output<typeof controlledCreateInput>;
export type ControlledRenameInput = z.output<typeof controlledRenameInput>;
export type ControlledCasInput = z.output<typeof controlledCasInput>;
export type ControlledImportInput = z.output<typeof controlledImportInput>;
export type ControlledLedgerInput = z.output<typeof controlledLedgerInput>;

export const controlledOps = {
  /** Every category with how many CAS numbers it lists (any user: the flags' names). */
  listControlledLists: op({ method: 'GET', path: '/controlled-lists', access: 'user', input: z.object({}).strict(), output: returns<ControlledCategory[]>() }),
  /** The lists' entries (all, or one category's): the renderer's CAS → categories map. */
  listControlledEntries: op({
    method: 'GET',
    path: '/controlled-lists/entries',
    access: 'user',
    input: z.object({ category_id: id.optional() }).strict(),
    output: returns<ControlledEntry[]>(),
  }),
  createControlledList: op({ method: 'POST', path: '/controlled-lists', access: 'admin', input: controlledCreateInput, output: returns<ControlledCategory>() }),
  renameControlledList: op({ method: 'PATCH', path: '/controlled-lists/:id', access: 'admin', input: controlledRenameInput, output: returns<ControlledCategory>() }),
  /** Only categories a lab added; the four built-ins stay (their lists may be emptied). */
  deleteControlledList: op({ method: 'DELETE', path: '/controlled-lists/:id', access: 'admin', input: z.object({ id }).strict(), output: returns<{ ok: true }>() }),
  addControlledCas: op({ method: 'POST', path: '/controlled-lists/:id/entries', access: 'admin', input: controlledCasInput, output: returns<ControlledEntry>() }),
  removeControlledCas: op({ method: 'POST', path: '/controlled-lists/:id/entries/remove', access: 'admin', input: z.object({ id, cas }).strict(), output: returns<{ ok: true }>() }),
  importControlledList: op({ method: 'POST', path: '/controlled-lists/:id/import', access: 'admin', input: controlledImportInput, output: returns<ControlledImportResult>() }),
  exportControlledList: op({
    method: 'GET',
    path: '/controlled-lists/:id/export',
    access: 'admin',
    input: z.object({ id, format: z.enum(['csv', 'xlsx'], { error: 'field.oneOf' }), lang }).strict(),
    output: returns<ExportDownload>(),
    download: true,
  }),
  /** The controlled ledger (台账) of one category over a date range, as XLSX. */
  exportControlledLedger: op({
    method: 'GET',
    path: '/controlled-lists/:id/ledger',
    access: 'admin',
    input: controlledLedgerInput,
    output: returns<ExportDownload>(),
    download: true,
  }),
} satisfies Record<string, OperationDef>;
