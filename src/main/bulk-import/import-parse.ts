// Reading a bulk-import file row by row, never whole: CSV/TSV through papaparse's streaming parser
// (UTF-8, with or without BOM; GB18030 when the bytes are not UTF-8, as Excel on Chinese Windows
// saves CSV), XLSX through xlsx-read.ts (first worksheet; inflated bytes and cells capped). Each
// non-empty row is handed to the caller as cell text with its row number in the spreadsheet (blank
// rows counted, so messages name the row the user sees), the header row first.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { AppError } from '../../shared/errors';
import { fileError } from './import-errors';
import { xlsxRows } from './xlsx-read';
import { MAX_XLSX_CELLS } from './xlsx-guard';
import { MergeFiller, readMerges } from './import-merges';

export { fileError };

export interface ParsedTable {
  headers: string[];
  rows: string[][];
}

export const MAX_IMPORT_ROWS = 100_000;
/** Rows of a worksheet read at most, empty ones included. */
const MAX_SHEET_ROWS = 2 * MAX_IMPORT_ROWS + 1;

/** A file on disk (the upload) or bytes in memory (small files, tests). */
export type ImportSource = string | Buffer;

/** Called with each non-empty row (header first) and, now and then, the bytes read so far. */
export interface RowVisitor {
  /** `rowNo`: the row's number in the spreadsheet (1-based, blank rows counted). */
  row(cells: string[], rowNo: number): void;
  bytes?(read: number): void;
}

function open(source: ImportSource, visitor: RowVisitor): Readable {
  const stream = typeof source === 'string' ? fs.createReadStream(source, { highWaterMark: 256 * 1024 }) : Readable.from([source]);
  if (visitor.bytes) {
    let read = 0;
    stream.on('data', (c: Buffer) => visitor.bytes!((read += c.length)));
  }
  return stream;
}

function isFileGone(e: unknown): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** UTF-8 unless some byte sequence is not (then GB18030); one streamed pass, nothing kept. */
async function sniffEncoding(source: ImportSource): Promise<'utf-8' | 'gb18030'> {
  const dec = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of open(source, {} as RowVisitor)) dec.decode(chunk as Buffer, { stream: true });
    dec.decode();
    return 'utf-8';
  } catch (e) {
    if (e instanceof TypeError) return 'gb18030';
    throw e;
  }
}

async function* decoded(stream: Readable, encoding: string): AsyncGenerator<string> {
  // ignoreBOM false (the default): a leading BOM is taken off.
  const dec = new TextDecoder(encoding);
  for await (const chunk of stream) {
    const s = dec.decode(chunk as Buffer, { stream: true });
    if (s) yield s;
  }
  const tail = dec.decode();
  if (tail) yield tail;
}

async function readCsv(source: ImportSource, tsv: boolean, visitor: RowVisitor): Promise<void> {
  const encoding = await sniffEncoding(source);
  const input = Readable.from(decoded(open(source, visitor), encoding));
  let rowIndex = 0;
  let failure: unknown = null;
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(input as unknown as NodeJS.ReadableStream, {
      delimiter: tsv ? '\t' : '',
      // Empty lines are records too: they count for the row numbers, then are passed over below.
      skipEmptyLines: false,
      step(res, parser) {
        if (failure) return;
        rowIndex++;
        const fatal = res.errors.find((e) => e.type === 'Quotes');
        try {
          if (fatal) throw fileError('validation', 'import.badCsv', { row: rowIndex, detail: fatal.message });
          // Our own CSV export protects formula-like cells with a leading apostrophe; take it off again.
          const cells = (res.data as unknown[]).map((c) => String(c ?? '').replace(/^'(?=[=+\-@\t\r])/, ''));
          if (cells.some((c) => c.trim() !== '')) visitor.row(cells, rowIndex);
        } catch (e) {
          failure = e;
          parser.abort();
        }
      },
      complete: () => (failure ? reject(failure) : resolve()),
      error: (e: Error) => reject(failure ?? e),
    });
  });
}

async function readXlsx(source: ImportSource, visitor: RowVisitor): Promise<void> {
  const merged = new MergeFiller(await readMerges(source));
  let seen = 0;
  let positions = 0;
  try {
    for await (const row of xlsxRows(source, visitor.bytes)) {
      // Empty rows are skipped, but a sheet of millions of them (a small file that inflates) is
      // refused rather than read for minutes.
      if (++seen > MAX_SHEET_ROWS) throw fileError('too_large', 'import.tooManyRowsStop', { max: MAX_IMPORT_ROWS });
      // Each position up to the row's last cell is read: one cell at column XFD is 16 384 of them.
      if ((positions += row.cellCount) > MAX_XLSX_CELLS) throw fileError('too_large', 'import.tooManyCells', { max: MAX_XLSX_CELLS });
      // Only the cells present: getCell would create one for every position before the last, and a
      // chunk's rows stay referenced until all are handed out.
      const cells: string[] = new Array<string>(row.cellCount).fill('');
      row.eachCell((cell, c) => (cells[c - 1] = cell.text ?? ''));
      merged.fill(cells, row.number);
      if (cells.some((c) => c.trim() !== '')) visitor.row(cells, row.number);
    }
  } catch (e) {
    if (e instanceof AppError || isFileGone(e)) throw e;
    throw fileError('validation', 'import.notXlsx', { detail: (e as Error).message });
  }
}

/** Streams the file's rows to the visitor; refuses unreadable files and unknown types. */
export async function readImportRows(fileName: string, source: ImportSource, visitor: RowVisitor): Promise<void> {
  const lower = fileName.toLowerCase();
  try {
    if (lower.endsWith('.xlsx')) return await readXlsx(source, visitor);
    if (lower.endsWith('.csv') || lower.endsWith('.tsv') || lower.endsWith('.txt')) return await readCsv(source, lower.endsWith('.tsv'), visitor);
  } catch (e) {
    if (isFileGone(e)) throw fileError('not_found', 'import.fileGone');
    throw e;
  }
  throw fileError('validation', 'import.fileType');
}

/** The whole table in memory: for small files (tests, the export round trip). */
export async function parseImportFile(fileName: string, source: ImportSource): Promise<ParsedTable> {
  const all: string[][] = [];
  await readImportRows(fileName, source, { row: (cells) => all.push(cells) });
  if (all.length === 0) throw fileError('validation', 'import.empty');
  const [headers, ...rows] = all;
  if (rows.length > MAX_IMPORT_ROWS) throw fileError('too_large', 'import.tooManyRows', { rows: rows.length, max: MAX_IMPORT_ROWS });
  return { headers: headers!.map((h) => h.trim()), rows };
}
