// Reading a bulk-import file into a header row and data rows of cell text. CSV/TSV via papaparse
// (UTF-8, with or without BOM; GB18030 when the bytes are not UTF-8, as Excel on Chinese Windows
// saves CSV), XLSX via exceljs (first worksheet).
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { AppError, type ErrorCode } from '../../shared/errors';
import { msg, type MessageKey, type MessageParams } from '../../shared/messages';

export interface ParsedTable {
  headers: string[];
  rows: string[][];
}

export const MAX_IMPORT_ROWS = 100_000;

function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(buf);
  }
}

/** A refusal of the whole file: the same sentence as the `file` field's error. */
function fileError(code: ErrorCode, key: MessageKey, params: MessageParams = {}): AppError {
  return new AppError(code, key, params, { fields: { file: msg(key, params) } });
}

function finish(all: string[][]): ParsedTable {
  const nonEmpty = all.filter((r) => r.some((c) => c.trim() !== ''));
  if (nonEmpty.length === 0) throw fileError('validation', 'import.empty');
  const [headers, ...rows] = nonEmpty;
  if (rows.length > MAX_IMPORT_ROWS) throw fileError('too_large', 'import.tooManyRows', { rows: rows.length, max: MAX_IMPORT_ROWS });
  return { headers: headers!.map((h) => h.trim()), rows };
}

export async function parseImportFile(fileName: string, buf: Buffer): Promise<ParsedTable> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch (e) {
      throw fileError('validation', 'import.notXlsx', { detail: (e as Error).message });
    }
    const ws = wb.worksheets[0];
    if (!ws) throw fileError('validation', 'import.noWorksheet');
    const all: string[][] = [];
    const width = ws.columnCount; // a getter that scans every row: read it once
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= width; c++) cells.push(row.getCell(c).text ?? '');
      all.push(cells);
    });
    return finish(all);
  }
  if (lower.endsWith('.csv') || lower.endsWith('.tsv') || lower.endsWith('.txt')) {
    const res = Papa.parse<string[]>(decodeText(buf), { skipEmptyLines: 'greedy', delimiter: lower.endsWith('.tsv') ? '\t' : '' });
    const fatal = res.errors.find((e) => e.type === 'Quotes');
    if (fatal) throw fileError('validation', 'import.badCsv', { row: (fatal.row ?? 0) + 1, detail: fatal.message });
    // Our own CSV export protects formula-like cells with a leading apostrophe; take it off again.
    return finish(res.data.map((r) => r.map((c) => String(c ?? '').replace(/^'(?=[=+\-@\t\r])/, ''))));
  }
  throw fileError('validation', 'import.fileType');
}
