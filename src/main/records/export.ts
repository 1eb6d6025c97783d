// Export of the current list view (same search, field, status and sort; every page, not just the
// visible one) to CSV or XLSX. `lang` zh-CN / en: headers are the forms' field labels, statuses and
// yes/no translated, times in local time (`2026-11-23 18:36`) — what a person opens in Excel.
// `lang` machine: the record field names and raw codes (ISO times), for scripts; the bulk import
// recognises those headers, so such an export re-imports. CSV is UTF-8 with a BOM (Excel on Chinese
// Windows then reads it right) or GB18030 when asked.
// This module is the export child's part (export-job.ts is the server's): `exportSnapshot` reads on
// its own read-only connection in one read transaction (the file is one snapshot of lab.db whatever
// is written meanwhile) and writes the rows a chunk at a time straight into the file in the exports
// directory (CSV through a write stream, XLSX through the lean sheet writer in xlsx-stream.ts).
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { openDatabase } from '../db/open';
import { fieldLabel, statusLabel, yesNo, type LabelLanguage } from '../../shared/record-labels';
import type { ListQuery } from '../../shared/contract/records';
import { LISTS, type ExportDownload, type ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { listChunks, type ListSpec } from './search';
import { inventoryListSpec } from './inventory-service';
import { XlsxSheetWriter, type XlsxValue } from './xlsx-stream';
import { encodeGb18030, gb18030Ready } from './gb18030';
import { reagentListSpec } from './reagent-order-service';
import { consumableListSpec } from './consumable-order-service';

/** Rows read from SQLite (and written) at a time. */
const CHUNK_ROWS = 1000;

const SPECS: Record<ListEndpoint, ListSpec<unknown>> = {
  '/inventory/': inventoryListSpec as ListSpec<unknown>,
  '/reagent-orders/': reagentListSpec as ListSpec<unknown>,
  '/consumable-orders/': consumableListSpec as ListSpec<unknown>,
};

/** The file an export wrote, for the transport to deliver (then it is the transport's to remove). */
export interface ExportFile extends ExportDownload {
  path: string;
}

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

/** 00 … 99: two-digit fields without a padStart per call (the export formats 300 000 times). */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** `2026-11-23 18:36` in the local time zone of the process (the lab's computer). */
export function localMinute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${TWO[d.getMonth() + 1]}-${TWO[d.getDate()]} ${TWO[d.getHours()]}:${TWO[d.getMinutes()]}`;
}

/** `2026-11-23-1836`: the local minute of `now` as a part of a downloaded file's name. */
export function fileStamp(now: Date = new Date()): string {
  return localMinute(now.toISOString()).replace(/[ :]/g, (c) => (c === ' ' ? '-' : ''));
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column's cells: raw codes for machine, readable values for people; empty stays empty. */
function columnCell(lang: ExportLanguage, col: string): (v: unknown) => XlsxValue {
  const yes = lang === 'machine' ? 'yes' : yesNo(lang, true);
  const no = lang === 'machine' ? 'no' : yesNo(lang, false);
  const plain = (v: unknown): XlsxValue => (typeof v === 'number' ? v : String(v));
  const value =
    lang === 'machine' ? plain
    : col === 'status' ? (v: unknown) => statusLabel(lang, String(v))
    : TIME_COLUMNS.has(col) ? (v: unknown) => (typeof v === 'string' && v ? localMinute(v) : plain(v))
    : plain;
  return (v) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? yes : no) : value(v));
}

/**
 * Cells a spreadsheet would run as a formula (names can come from supplier sites through the cart
 * import) get a leading apostrophe in CSV. A minus before a digit stays as it is ("-20 °C freezer").
 * XLSX needs none: its text cells are text, never formulas.
 */
export const FORMULA_START = /^[=+@\t\r]|^-(?![\d.])/;
/** A CSV field is quoted when it holds a quote, comma, line break or BOM, or starts or ends with a space. */
const CSV_QUOTE = /[",\r\n\uFEFF]|^ | $/;

/** One CSV field, byte for byte what papaparse's unparse writes with escapeFormulae: FORMULA_START. */
export function csvField(v: XlsxValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (FORMULA_START.test(v)) return `"'${v.replace(/"/g, '""')}"`;
  return CSV_QUOTE.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One turn of the event loop: the child's IPC and file callbacks run between two chunks. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits for the stream to take more when it asks to (back-pressure), else for one event-loop turn. */
async function drain(out: NodeJS.WritableStream, full: boolean): Promise<void> {
  if (full) await once(out, 'drain');
  else await tick();
}


/**
 * The export child's job: the whole view read in one read transaction on a read-only connection
 * of its own, so rows written during the export are in the file either entirely or not at all.
 */
export async function exportSnapshot(dbPath: string, file: string, input: ExportInput): Promise<number> {
  const db = openDatabase(dbPath, { readonly: true });
  try {
    // Deferred: the snapshot is taken by the first read (the ordered ids) and held to the last chunk.
    db.exec('BEGIN');
    return await writeExport(db, file, input);
  } finally {
    // Closing ends the read transaction.
    db.close();
  }
}

/**
 * Writes the view's rows from `db` into `file`, a chunk at a time, and answers the row count. On a
 * failure the file is closed and removed before the error is passed on.
 */
export async function writeExport(db: Db, file: string, input: ExportInput): Promise<number> {
  const list = LISTS[input.endpoint];
  const q: ListQuery = { search: input.search, field: input.field, status: input.status, sort: input.sort, page: 1, pageSize: 50 };
  const cols: string[] = [...list.exportColumns];
  const lang = input.lang;
  const headers = lang === 'machine' ? cols : cols.map((c) => fieldLabel(lang, c));
  const convert = cols.map((c) => columnCell(lang, c));
  const toCells = (r: Record<string, unknown>): XlsxValue[] => cols.map((c, i) => convert[i]!(r[c]));
  const toCsv = (r: Record<string, unknown>): string => {
    let line = csvField(convert[0]!(r[cols[0]!]));
    for (let i = 1; i < cols.length; i++) line += `,${csvField(convert[i]!(r[cols[i]!]))}`;
    return line;
  };
  const { total, chunks } = listChunks(db, SPECS[input.endpoint], q, CHUNK_ROWS);
  let xlsx: XlsxSheetWriter | undefined;
  let csv: fs.WriteStream | undefined;
  try {
    if (input.format === 'csv') {
      const out = (csv = fs.createWriteStream(file));
      const done = finished(out);
      done.catch(() => undefined);
      // UTF-8 starts with a BOM (Excel on Chinese Windows then reads it right); GB18030 has none.
      const gb = input.encoding === 'gb18030';
      if (gb) await gb18030Ready();
      const put = (text: string) => out.write(gb ? encodeGb18030(text) : text);
      put(`${gb ? '' : '\uFEFF'}${headers.map(csvField).join(',')}`);
      for (const rows of chunks) {
        let text = '';
        for (const r of rows as Record<string, unknown>[]) text += `\r\n${toCsv(r)}`;
        await drain(out, !put(text));
      }
      out.end();
      await done;
      return total;
    }
    xlsx = new XlsxSheetWriter(file, { sheetName: input.endpoint.replace(/\//g, '') });
    xlsx.header(headers);
    for (const rows of chunks) {
      await xlsx.rows((rows as Record<string, unknown>[]).map(toCells));
      await tick();
    }
    await xlsx.finish();
    return total;
  } catch (e) {
    xlsx?.abort();
    csv?.destroy();
    fs.rmSync(file, { force: true });
    throw e;
  }
}
