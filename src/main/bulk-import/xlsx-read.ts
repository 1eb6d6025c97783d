// The rows of an uploaded XLSX's first worksheet, for the bulk import. yauzl opens the zip by its
// central directory (the upload is a file), so the parts are read in the order the rows need them —
// relationships, workbook, shared strings, then the worksheet straight into the row parser — where
// exceljs' own streaming unzip copies a worksheet that precedes the shared strings (Excel's order)
// to a temp file first. Every part streams through an XlsxPartGuard (xlsx-guard.ts), which counts
// its inflated bytes and cells and ends the read past a cap; yauzl also refuses a part that
// inflates beyond the size its directory entry declares. The XML is parsed by exceljs'
// WorkbookReader all the same, handed one part at a time to its part readers (exceljs 4.4.0; the
// XLSX import tests read through them).
import { Readable, pipeline } from 'node:stream';
import fs from 'node:fs';
import yauzl from 'yauzl';
import ExcelJS from 'exceljs';
import { fileError } from './import-errors';
import { MAX_SHARED_STRINGS_BYTES, MAX_XLSX_INFLATED_BYTES, XlsxPartGuard, newBudget, type XlsxBudget } from './xlsx-guard';

/** WorkbookReader's part readers, which its `parse` calls per zip entry (not in its typings). */
interface PartReaders {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(rows: AsyncIterable<Buffer>, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** Relationships and workbook: a few kilobytes in any real file. */
const MAX_SMALL_PART_BYTES = 4 * 1024 * 1024;
/** Zip entries: a workbook has a few dozen; each costs a directory read. */
const MAX_ENTRIES = 10_000;

function openZip(source: string | Buffer): Promise<yauzl.ZipFile> {
  const opts: yauzl.Options = { lazyEntries: true, autoClose: false, validateEntrySizes: true };
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zf?: yauzl.ZipFile) => (err ? reject(err) : resolve(zf!));
    if (typeof source === 'string') yauzl.open(source, opts, done);
    else yauzl.fromBuffer(source, opts, done);
  });
}

interface Parts {
  named: Map<string, yauzl.Entry>;
  /** The first worksheet in the zip's order, as exceljs' streaming reader took it. */
  sheet: yauzl.Entry | null;
}

/** Walks the central directory once, keeping only the entries the rows need. */
function findParts(zf: yauzl.ZipFile): Promise<Parts> {
  if (zf.entryCount > MAX_ENTRIES) return Promise.reject(new Error(`${zf.entryCount} zip entries`));
  return new Promise((resolve, reject) => {
    const parts: Parts = { named: new Map(), sheet: null };
    zf.on('entry', (e: yauzl.Entry) => {
      if ((e.fileName === RELS || e.fileName === WORKBOOK || e.fileName === SHARED_STRINGS) && !parts.named.has(e.fileName)) parts.named.set(e.fileName, e);
      else if (!parts.sheet && SHEET.test(e.fileName)) parts.sheet = e;
      zf.readEntry();
    });
    zf.once('end', () => resolve(parts));
    zf.once('error', reject);
    zf.readEntry();
  });
}

function partStream(zf: yauzl.ZipFile, entry: yauzl.Entry, guard: XlsxPartGuard): Promise<XlsxPartGuard> {
  return new Promise((resolve, reject) =>
    zf.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      // A failure on either side destroys both; the reader sees it as the guard's error.
      pipeline(stream, guard, () => undefined);
      resolve(guard);
    }),
  );
}

/**
 * Yields the rows of the first worksheet; `onRead` gets the file's bytes read so far (the share of
 * the worksheet inflated, in bytes of the file). Refuses a workbook without a worksheet.
 */
export async function* xlsxRows(source: string | Buffer, onRead?: (bytes: number) => void): AsyncGenerator<ExcelJS.Row> {
  const fileSize = typeof source === 'string' ? (await fs.promises.stat(source)).size : source.length;
  const zf = await openZip(source);
  let rows: XlsxPartGuard | null = null;
  try {
    const { named, sheet } = await findParts(zf);
    if (!sheet) throw fileError('validation', 'import.noWorksheet');
    const budget: XlsxBudget = newBudget();
    const part = (name: string, cap: number) => partStream(zf, named.get(name)!, new XlsxPartGuard(budget, cap, false));
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
    const parts = reader as unknown as PartReaders;
    if (named.has(RELS)) await parts._parseRels(await part(RELS, MAX_SMALL_PART_BYTES));
    if (named.has(WORKBOOK)) await parts._parseWorkbook(await part(WORKBOOK, MAX_SMALL_PART_BYTES));
    // With sharedStrings 'cache' it yields nothing: it fills the table the worksheet reader looks in.
    if (named.has(SHARED_STRINGS)) for await (const _ of parts._parseSharedStrings(await part(SHARED_STRINGS, MAX_SHARED_STRINGS_BYTES))) void _;
    const declared = Math.max(1, sheet.uncompressedSize);
    const report = onRead && ((n: number) => onRead(Math.min(fileSize, Math.round((fileSize * n) / declared))));
    rows = await partStream(zf, sheet, new XlsxPartGuard(budget, MAX_XLSX_INFLATED_BYTES, true, report));
    for (const { value } of parts._parseWorksheet(rows, SHEET.exec(sheet.fileName)![1]!)) yield* value;
  } finally {
    // Reading may stop early (a refusal, the caller done): stop inflating, then let go of the file.
    rows?.destroy();
    zf.close();
  }
}
