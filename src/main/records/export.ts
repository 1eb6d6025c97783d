// Export of the current list view (same search, field, status and sort; every page, not just the
// visible one) to CSV or XLSX. `lang` zh-CN / en: headers are the forms' field labels, statuses and
// yes/no translated, times in local time (`2026-11-23 18:36`) — what a person opens in Excel.
// `lang` machine: the record field names and raw codes (ISO times), for scripts; the bulk import
// recognises those headers, so such an export re-imports. CSV is UTF-8 with a BOM (Excel on Chinese
// Windows then reads it right) or GB18030 when asked.
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError, fieldError } from '../../shared/errors';
import { fieldLabel, statusLabel, yesNo, type LabelLanguage } from '../../shared/record-labels';
import type { ListQuery } from '../../shared/contract/records';
import { LISTS, type ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { listPage, type ListSpec } from './search';
import { inventoryListSpec } from './inventory-service';
import { reagentListSpec } from './reagent-order-service';
import { consumableListSpec } from './consumable-order-service';

export const MAX_EXPORT_ROWS = 200_000;

const SPECS: Record<ListEndpoint, ListSpec<unknown>> = {
  '/inventory/': inventoryListSpec as ListSpec<unknown>,
  '/reagent-orders/': reagentListSpec as ListSpec<unknown>,
  '/consumable-orders/': consumableListSpec as ListSpec<unknown>,
};

export type ExportLanguage = LabelLanguage | 'machine';

export interface ExportInput {
  endpoint: ListEndpoint;
  format: 'csv' | 'xlsx';
  /** Headers and values for people (zh-CN, en) or today's columns and raw codes (machine). */
  lang: ExportLanguage;
  /** CSV only; XLSX carries its own encoding. */
  encoding: 'utf-8' | 'gb18030';
  search: string;
  field: string;
  status: string;
  sort: string;
}

/** Columns holding an ISO timestamp (shown as local time for people). */
const TIME_COLUMNS = new Set(['created_at', 'updated_at', 'borrowed_at']);

/** `2026-11-23 18:36` in the local time zone of the process (the lab's computer). */
export function localMinute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** One cell: raw codes for machine, readable values for people; empty stays empty. */
function cell(lang: ExportLanguage, col: string, v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (lang === 'machine') return typeof v === 'boolean' ? (v ? 'yes' : 'no') : v;
  if (typeof v === 'boolean') return yesNo(lang, v);
  if (col === 'status') return statusLabel(lang, String(v));
  if (TIME_COLUMNS.has(col) && typeof v === 'string' && v) return localMinute(v);
  return v;
}

/**
 * Cells a spreadsheet would run as a formula (names can come from supplier sites through the cart
 * import) get a leading apostrophe in CSV. A minus before a digit stays as it is ("-20 °C freezer").
 */
export const FORMULA_START = /^[=+@\t\r]|^-(?![\d.])/;

export async function exportList(db: Db, input: ExportInput): Promise<{ fileName: string; mime: string; base64: string; rows: number }> {
  const list = LISTS[input.endpoint];
  const fields: string[] = ['all', ...list.indexed];
  if (!fields.includes(input.field)) throw new AppError('validation', 'records.searchField', { values: fields }, { fields: fieldError('field', 'field.oneOf', { values: fields }) });
  const statuses: readonly string[] = list.statuses;
  if (input.status && !statuses.includes(input.status)) throw new AppError('validation', 'records.statusFilter', { values: [...statuses] }, { fields: fieldError('status', 'field.oneOf', { values: [...statuses] }) });
  const sortKey = input.sort.replace(/^-/, '');
  if (input.sort && !(list.sortable as readonly string[]).includes(sortKey)) throw new AppError('validation', 'records.notSortable', {}, { fields: fieldError('sort', 'field.notSortable') });
  const q: ListQuery = { search: input.search, field: input.field, status: input.status, sort: input.sort, page: 1, pageSize: 50 };
  const { rows, total } = listPage(db, SPECS[input.endpoint], q, { limit: MAX_EXPORT_ROWS });
  if (total > MAX_EXPORT_ROWS) throw new AppError('too_large', 'records.exportTooLarge', { total, max: MAX_EXPORT_ROWS });
  const cols: string[] = [...list.exportColumns];
  const lang = input.lang;
  const headers = lang === 'machine' ? cols : cols.map((c) => fieldLabel(lang, c));
  const table = (rows as Record<string, unknown>[]).map((r) => cols.map((c) => cell(lang, c, r[c])));
  // Local time in the file name too (inventory-2026-11-23-1836-59.csv): the user reads it.
  const now = new Date();
  const stamp = `${localMinute(now.toISOString()).replace(/[ :]/g, (c) => (c === ' ' ? '-' : ''))}-${String(now.getSeconds()).padStart(2, '0')}`;
  const base = `${input.endpoint.replace(/\//g, '')}-${stamp}`;
  if (input.format === 'csv') {
    const csv = Papa.unparse({ fields: headers, data: table }, { escapeFormulae: FORMULA_START });
    const bytes = input.encoding === 'gb18030' ? iconv.encode(csv, 'gb18030') : Buffer.from('\uFEFF' + csv, 'utf8');
    return { fileName: `${base}.csv`, mime: `text/csv;charset=${input.encoding}`, base64: bytes.toString('base64'), rows: rows.length };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(input.endpoint.replace(/\//g, ''));
  ws.addRow(headers);
  ws.getRow(1).font = { bold: true };
  for (const r of table) ws.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: `${base}.xlsx`, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: buf.toString('base64'), rows: rows.length };
}
