// Files the controlled screen downloads: a category's list (CSV with a BOM, or XLSX; CAS + name,
// the same two columns the import reads back) and the table writer the controlled ledger shares.
// The writers and cell rules are the list export's (export.ts, xlsx-stream.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ControlledCategory, ControlledEntry } from '../../shared/controlled';
import type { LabelLanguage } from '../../shared/record-labels';
import { csvField, fileStamp, XLSX_MIME, type ExportFile } from '../records/export';
import { XlsxSheetWriter, type XlsxValue } from '../records/xlsx-stream';

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
      xlsx.abort();
      throw e;
    }
    return { fileName, mime: XLSX_MIME, rows: t.rows.length, path: file };
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}

/** A file name part from a category's name: letters, digits and CJK kept, the rest a dash. */
export function fileSafe(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'list';
}

export function exportListFile(
  dir: string,
  input: { format: 'csv' | 'xlsx'; lang: LabelLanguage; category: ControlledCategory; entries: ControlledEntry[] },
): Promise<ExportFile> {
  const zh = input.lang === 'zh-CN';
  const name = zh ? input.category.name_zh : input.category.name_en;
  return writeTableFile(dir, input.format, {
    base: `${zh ? '管控名录' : 'controlled-list'}-${fileSafe(name)}`,
    sheetName: zh ? '名录' : 'List',
    headers: zh ? ['CAS号', '名称'] : ['CAS', 'Name'],
    rows: input.entries.map((e) => [e.cas, e.name]),
  });
}
