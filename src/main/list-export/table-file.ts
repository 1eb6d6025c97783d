// One table as a downloaded file (CSV with a BOM, or XLSX): the writers and cell rules of the list
// export (export-file.ts, xlsx-stream.ts), for files small enough to write in one go (an item's ledger,
// a controlled list, the controlled ledger).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { csvField, fileStamp, XLSX_MIME, type ExportFile } from './export-file';
import { XlsxSheetWriter, type XlsxValue } from './xlsx-stream';

export interface Table {
  /** The file name without extension (a time stamp is added). */
  base: string;
  sheetName: string;
  headers: string[];
  rows: XlsxValue[][];
}

/** Writes one table into a new file in `dir`; the transports deliver and remove it. */
export async function writeTableFile(dir: string, format: 'csv' | 'xlsx', t: Table): Promise<ExportFile> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${crypto.randomUUID()}.${format}`);
  const stamp = fileStamp();
  const fileName = `${t.base}-${stamp}.${format}`;
  try {
    if (format === 'csv') {
      fs.writeFileSync(file, `\uFEFF${[t.headers, ...t.rows].map((r) => r.map(csvField).join(',')).join('\r\n')}`);
      return { fileName, mime: 'text/csv;charset=utf-8', rows: t.rows.length, path: file };
    }
    const xlsx = new XlsxSheetWriter(file, { sheetName: t.sheetName });
    try {
      xlsx.header(t.headers);
      await xlsx.rows(t.rows);
      await xlsx.finish();
    } catch (e) {
      await xlsx.abort();
      throw e;
    }
    return { fileName, mime: XLSX_MIME, rows: t.rows.length, path: file };
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}
