// Export of the current list view (same search, field, status and sort; every page, not just the
// visible one) to CSV or XLSX. `lang` zh-CN / en: headers are the forms' field labels, statuses and
// yes/no translated, times in local time (`2026-11-23 18:36`) — what a person opens in Excel.
// `lang` machine: the record field names and raw codes (ISO times), for scripts; the bulk import
// recognises those headers, so such an export re-imports. CSV is UTF-8 with a BOM (Excel on Chinese
// Windows then reads it right) or GB18030 when asked.
// This module is the export child's part (export-job.ts is the server's; what both share is
// export-file.ts): `exportSnapshot` reads on its own read-only connection in one read transaction
// (the file is one snapshot of lab.db whatever is written meanwhile) and writes the rows a chunk at
// a time straight into the file in the exports directory (CSV through a write stream, XLSX through
// the lean sheet writer in xlsx-stream.ts).
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { openDatabase } from '../db/open';
import { beginTransaction } from '../db/transaction';
import { fieldLabel, statusLabel, yesNo } from '../../shared/record-labels';
import type { ListQuery } from '../../shared/contract/records';
import { LISTS, type ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { listChunks, type ListSpec } from '../records/search';
import { inventoryListSpec } from '../records/inventory-service';
import type { XlsxSheetWriter, XlsxValue } from './xlsx-stream';
import { encodeGb18030, gb18030Ready } from './gb18030.child';
import { csvField, localMinute, PARTS_MIN_ROWS, type ExportInput, type ExportLanguage, type ExportPart } from './export-file';
import { reagentListSpec } from '../records/reagent-order-service';
import { consumableListSpec } from '../records/consumable-order-service';

/** Rows read from SQLite (and written) at a time. */
const CHUNK_ROWS = 1000;

const WHOLE: ExportPart = { index: 0, of: 1 };

const SPECS: Record<ListEndpoint, ListSpec<unknown>> = {
  '/inventory/': inventoryListSpec as ListSpec<unknown>,
  '/reagent-orders/': reagentListSpec as ListSpec<unknown>,
  '/consumable-orders/': consumableListSpec as ListSpec<unknown>,
};

/** Columns holding an ISO timestamp (shown as local time for people). */
const TIME_COLUMNS = new Set(['created_at', 'updated_at', 'borrowed_at']);

/**
 * A column's cells from the stored values: raw codes for machine, readable values for people; empty
 * stays empty. A flag column (0/1, `ListSpec.flags`) is yes exactly when 1, as the list shows it.
 */
function columnCell(lang: ExportLanguage, col: string, flag: boolean): (v: unknown) => XlsxValue {
  const yes = lang === 'machine' ? 'yes' : yesNo(lang, true);
  const no = lang === 'machine' ? 'no' : yesNo(lang, false);
  if (flag) return (v) => (v === 1 ? yes : no);
  const plain = (v: unknown): XlsxValue => (typeof v === 'number' ? v : String(v));
  const value =
    lang === 'machine' ? plain
    : col === 'status' ? (v: unknown) => statusLabel(lang, String(v))
    : TIME_COLUMNS.has(col) ? (v: unknown) => (typeof v === 'string' && v ? localMinute(v) : plain(v))
    : plain;
  return (v) => (v === null || v === undefined ? '' : value(v));
}

/** The same cell as CSV text; a flag's or status's few texts are made once, not once per row. */
function csvCell(lang: ExportLanguage, col: string, flag: boolean): (v: unknown) => string {
  const cell = columnCell(lang, col, flag);
  if (flag) {
    const [yes, no] = [csvField(cell(1)), csvField(cell(0))];
    return (v) => (v === 1 ? yes : no);
  }
  if (col !== 'status') return (v) => csvField(cell(v));
  const texts = new Map<unknown, string>();
  return (v) => {
    let text = texts.get(v);
    if (text === undefined) texts.set(v, (text = csvField(cell(v))));
    return text;
  };
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
export async function exportSnapshot(dbPath: string, file: string, input: ExportInput, part: ExportPart = WHOLE, onSnapshot?: (total: number) => void): Promise<number> {
  const db = openDatabase(dbPath, { readonly: true });
  try {
    // Deferred: the snapshot is taken by the first read (the ordered ids) and held to the last chunk.
    beginTransaction(db);
    return await writeExport(db, file, input, part, onSnapshot);
  } finally {
    // Closing ends the read transaction.
    db.close();
  }
}

/**
 * Writes the view's rows from `db` into `file`, a chunk at a time, and answers the view's row count;
 * `onSnapshot` hears the count as soon as the ids are read (in a read transaction, the snapshot is
 * then taken). A later `part` of a CSV holds only its lines (no BOM, no header), each starting with
 * its line break, so the parts concatenate into the file. On a failure the file is closed and
 * removed before the error is passed on.
 */
export async function writeExport(db: Db, file: string, input: ExportInput, part: ExportPart = WHOLE, onSnapshot?: (total: number) => void): Promise<number> {
  const list = LISTS[input.endpoint];
  const q: ListQuery = { search: input.search, field: input.field, status: input.status, sort: input.sort, page: 1, pageSize: 50 };
  const cols: string[] = [...list.exportColumns];
  const lang = input.lang;
  const headers = lang === 'machine' ? cols : cols.map((c) => fieldLabel(lang, c));
  const spec = SPECS[input.endpoint];
  const flags = new Set(spec.flags ?? []);
  // Rows as arrays of the export's columns, in that order; each column's cell function made once.
  const view = listChunks(db, spec, q, cols, CHUNK_ROWS);
  const total = view.total;
  onSnapshot?.(total);
  const parts = total >= PARTS_MIN_ROWS ? part.of : 1;
  const chunks = part.index < parts ? view.part(part.index, parts) : [];
  let xlsx: XlsxSheetWriter | undefined;
  let csv: fs.WriteStream | undefined;
  try {
    if (input.format === 'csv') {
      const cells = cols.map((c) => csvCell(lang, c, flags.has(c)));
      const out = (csv = fs.createWriteStream(file));
      const done = finished(out);
      done.catch(() => undefined);
      // UTF-8 starts with a BOM (Excel on Chinese Windows then reads it right); GB18030 has none.
      const gb = input.encoding === 'gb18030';
      if (gb) await gb18030Ready();
      const put = (text: string) => out.write(gb ? encodeGb18030(text) : text);
      if (part.index === 0) put(`${gb ? '' : '\uFEFF'}${headers.map(csvField).join(',')}`);
      const last = cells.length;
      for (const rows of chunks) {
        // One string and one write per chunk; every line starts with its line break.
        let text = '';
        for (const r of rows) {
          // A row's line first, then onto the chunk: measured faster than appending each field.
          let line = cells[0]!(r[0]);
          for (let i = 1; i < last; i++) line += `,${cells[i]!(r[i])}`;
          text += `\r\n${line}`;
        }
        await drain(out, !put(text));
      }
      out.end();
      await done;
      return total;
    }
    const convert = cols.map((c) => columnCell(lang, c, flags.has(c)));
    const toCells = (r: unknown[]): XlsxValue[] => convert.map((f, i) => f(r[i]));
    // Loaded for XLSX only: its zip library and zlib are ~20 ms of a CSV export child's start.
    const { XlsxSheetWriter } = await import('./xlsx-stream');
    xlsx = new XlsxSheetWriter(file, { sheetName: input.endpoint.replace(/\//g, '') });
    xlsx.header(headers);
    for (const rows of chunks) {
      await xlsx.rows(rows.map(toCells));
      await tick();
    }
    await xlsx.finish();
    return total;
  } catch (e) {
    // Closed before removed: a file whose open was still queued would be created after the removal.
    await xlsx?.abort();
    if (csv) await finished(csv.destroy()).catch(() => undefined);
    fs.rmSync(file, { force: true });
    throw e;
  }
}
