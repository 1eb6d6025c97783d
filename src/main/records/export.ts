// Export of the current list view (same search, field, status and sort; every page, not just the
// visible one) to CSV (UTF-8 with BOM so Excel shows Chinese correctly) or XLSX. Headers are the
// record field names, which the bulk import recognises, so an export can be re-imported.
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { AppError, fieldError } from '../../shared/errors';
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

export interface ExportInput {
  endpoint: ListEndpoint;
  format: 'csv' | 'xlsx';
  search: string;
  field: string;
  status: string;
  sort: string;
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
  if (!(list.sortable as readonly string[]).includes(sortKey)) throw new AppError('validation', 'records.notSortable', {}, { fields: fieldError('sort', 'field.notSortable') });
  const q: ListQuery = { search: input.search, field: input.field, status: input.status, sort: input.sort, page: 1, pageSize: 50 };
  const { rows, total } = listPage(db, SPECS[input.endpoint], q, { limit: MAX_EXPORT_ROWS });
  if (total > MAX_EXPORT_ROWS) throw new AppError('too_large', 'records.exportTooLarge', { total, max: MAX_EXPORT_ROWS });
  const cols: string[] = [...list.exportColumns];
  const table = (rows as Record<string, unknown>[]).map((r) => cols.map((c) => (typeof r[c] === 'boolean' ? (r[c] ? 'yes' : 'no') : (r[c] ?? ''))));
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const base = `${input.endpoint.replace(/\//g, '')}-${stamp}`;
  if (input.format === 'csv') {
    const csv = '\uFEFF' + Papa.unparse({ fields: cols, data: table }, { escapeFormulae: FORMULA_START });
    return { fileName: `${base}.csv`, mime: 'text/csv;charset=utf-8', base64: Buffer.from(csv, 'utf8').toString('base64'), rows: rows.length };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(input.endpoint.replace(/\//g, ''));
  ws.addRow(cols);
  ws.getRow(1).font = { bold: true };
  for (const r of table) ws.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: `${base}.xlsx`, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: buf.toString('base64'), rows: rows.length };
}
