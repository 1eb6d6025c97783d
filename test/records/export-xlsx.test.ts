// The export's own XLSX writer and CSV fields: the file reads back in a spreadsheet reader (exceljs
// parses the XML strictly) with every value as it was — Chinese, XML's special characters, control
// characters, white space, formula-looking text kept as text, numbers as numbers, empty cells empty,
// a bold header — and the CSV fields are byte for byte what papaparse writes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { XlsxSheetWriter, columnLetters, type XlsxValue } from '../../src/main/list-export/xlsx-stream';
import Database from 'better-sqlite3';
import { FORMULA_START, csvField, type ExportFile } from '../../src/main/list-export/export-file';
import { writeExport } from '../../src/main/list-export/export.child';
import { inventoryRowValues, insertItem } from '../../src/main/records/inventory-service';
import { createHarness, tempDir } from './harness';
import { sampleItems } from '../fixtures/records/sample-data';

process.env.TZ = 'Asia/Shanghai';

async function readBack(file: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.worksheets[0]!;
}

/**
 * ECMA-376 §22.9.2.19 ST_Xstring: a character XML 1.0 cannot carry is stored as _xHHHH_, and the
 * underscore of a literal _xHHHH_ as _x005F_. Excel, LibreOffice and POI decode this in every cell
 * text; exceljs only in shared strings, so the test decodes exceljs' inline strings itself.
 */
const stXstring = (v: ExcelJS.CellValue) => (typeof v === 'string' ? v.replace(/_x([0-9A-F]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : v);

/** The row's cell values from column A on (exceljs' row.values starts at index 1). */
const rowValues = (ws: ExcelJS.Worksheet, n: number, width: number) => Array.from({ length: width }, (_, i) => stXstring(ws.getRow(n).getCell(i + 1).value));

describe('XLSX sheet writer', () => {
  it('writes text, numbers and empty cells that read back unchanged, with a bold header', async () => {
    const file = path.join(tempDir('lab-xlsx-'), 'a.xlsx');
    const w = new XlsxSheetWriter(file, { sheetName: 'inventory' });
    const header = ['名称', 'CAS号', '数量', '备注', '借用人'];
    const rows: XlsxValue[][] = [
      ['乙醇', '64-17-5', 2, 'A301-1号柜', ''],
      ['Tom & Jerry <b>"quoted"</b> \'single\'', '=1+1', 0, '+cmd', '@SUM(A1)'],
      ['ctrl\u0001\u0008\u000b\u001f end', 'tab\there\nnew line', -20.5, 'cr\r\nlf', null],
      ['  leading and trailing  ', '_x0041_ and _X00e9_ literal', 1e21, '😀 𠮷', undefined],
      ['\uFFFE\uFFFF', '-CH2- linker', 123456789.125, '-20 °C', '0123'],
    ];
    w.header(header);
    await w.rows(rows.slice(0, 2));
    await w.rows(rows.slice(2));
    await w.finish();
    const ws = await readBack(file);
    expect(ws.name).toBe('inventory');
    expect(ws.rowCount).toBe(rows.length + 1);
    expect(rowValues(ws, 1, 5)).toEqual(header);
    for (let c = 1; c <= header.length; c++) expect(ws.getRow(1).getCell(c).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(1).font?.bold).toBeFalsy();
    // Empty strings, null and undefined are empty cells; everything else is what was written.
    const expected = rows.map((r) => r.map((v) => (v === '' || v === undefined ? null : v)));
    for (let i = 0; i < rows.length; i++) expect(rowValues(ws, i + 2, 5), `row ${i + 2}`).toEqual(expected[i]);
    // Formula-looking text is a text cell, never a formula.
    for (const c of [ws.getCell('B3'), ws.getCell('D3'), ws.getCell('E3')]) {
      expect(c.type).toBe(ExcelJS.ValueType.String);
      expect(c.formula).toBeUndefined();
    }
    expect(ws.getCell('C4').type).toBe(ExcelJS.ValueType.Number);
  });

  it('is a zip of well-formed XML parts a reader finds by the package relationships', async () => {
    const file = path.join(tempDir('lab-xlsx-'), 'b.xlsx');
    const w = new XlsxSheetWriter(file, { sheetName: 'a&b "c"' });
    w.header(['x']);
    await w.finish();
    const ws = await readBack(file);
    expect(ws.name).toBe('a&b "c"');
    expect(ws.rowCount).toBe(1);
  });

  it('column letters run A…Z, AA…AZ, BA…', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('CSV fields', () => {
  it('are byte for byte what papaparse unparse writes with the formula escape', () => {
    const cell = fc.oneof(fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', '\t', '=', '+', '-', '@', '1', '.', "'", '\uFEFF', '乙') }), fc.integer(), fc.double({ noNaN: true }), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const ours = rows.map((r) => r.map(csvField).join(',')).join('\r\n');
        expect(ours).toBe(Papa.unparse(rows, { escapeFormulae: FORMULA_START }));
      }),
      { numRuns: 500 },
    );
  });
});

describe('export to XLSX', () => {
  it('keeps the columns, labels, local times and text of the CSV export; formula-looking names stay text', async () => {
    const h = createHarness();
    const names = ['乙醇 <无水> & "分析纯"', '=1+1', '+cmd', '-CH2- linker'];
    for (const name of names) await h.ok(h.member, 'createInventoryItem', { name, quantity: 3, storage_location: 'A301-1号柜', hazardous: true });
    const view = { search: '', field: 'all', status: '', sort: 'id' };
    const xlsx = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'xlsx', lang: 'zh-CN', ...view });
    const csv = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'zh-CN', ...view });
    const ws = await readBack(xlsx.path);
    const parsed = Papa.parse<string[]>(fs.readFileSync(csv.path, 'utf8').slice(1), { skipEmptyLines: true }).data;
    const width = parsed[0]!.length;
    expect(rowValues(ws, 1, width)).toEqual(parsed[0]);
    expect(ws.rowCount).toBe(names.length + 1);
    const col = (label: string) => parsed[0]!.indexOf(label);
    for (let i = 0; i < names.length; i++) {
      const got = rowValues(ws, i + 2, width);
      expect(got[col('名称')]).toBe(names[i]);
      expect(got[col('数量')]).toBe(3);
      expect(got[col('危险品')]).toBe('是');
      expect(got[col('状态')]).toBe('在库');
      expect(got[col('借用人')]).toBeNull();
      // Times as the CSV has them: local minutes, as text.
      expect(got[col('创建时间')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(got[col('创建时间')]).toBe(parsed[i + 1]![col('创建时间')]);
      // The CSV neutralises the formula-looking names with an apostrophe; the XLSX cell is text as is.
      expect(parsed[i + 1]![col('名称')]).toBe(FORMULA_START.test(names[i]!) ? `'${names[i]}` : names[i]);
    }
  });
});

describe('XLSX export for scripts', () => {
  it('lang=machine re-imports through the bulk import parser with the same texts', async () => {
    const h = createHarness();
    const names = ['乙醇 <无水> & "分析纯"', '=1+1', '+cmd', 'plain'];
    for (const name of names) await h.ok(h.member, 'createInventoryItem', { name, quantity: 2, cas_number: '64-17-5' });
    const xlsx = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'xlsx', lang: 'machine', search: '', field: 'all', status: '', sort: 'id' });
    const { parseImportFile } = await import('../../src/main/bulk-import/import-parse');
    const back = await parseImportFile('export.xlsx', fs.readFileSync(xlsx.path));
    const col = (c: string) => back.headers.indexOf(c);
    expect(back.rows.map((r) => r[col('name')])).toEqual(names);
    expect(back.rows.map((r) => [r[col('quantity')], r[col('cas_number')], r[col('hazardous')], r[col('status')]])).toEqual(names.map(() => ['2', '64-17-5', 'no', 'in_stock']));
  });
});

/** 2 500 items (several export chunks) and an empty directory for the export's file. */
async function seededWithExportDir() {
  const h = createHarness();
  const items = sampleItems(2500);
  await h.data.withWriteTransaction(async (tx) => {
    for (const it of items) await insertItem(tx, inventoryRowValues(it, it.cas_number), h.member, { action: 'import' });
  });
  const dir = path.join(tempDir('lab-export-fail-'), 'exports');
  fs.mkdirSync(dir);
  return { h, dir };
}

describe('export failure', () => {
  it('a failure part-way (the connection closed under the writer) rejects, closes the file and leaves nothing behind', async () => {
    const { h, dir } = await seededWithExportDir();
    for (const format of ['csv', 'xlsx'] as const) {
      const db = new Database(h.dbs.lab.name, { readonly: true });
      const running = writeExport(db, path.join(dir, `part.${format}`), { endpoint: '/inventory/', format, encoding: 'utf-8', lang: 'zh-CN', search: '', field: 'all', status: '', sort: '' });
      // After the first chunk: the next chunk's read fails.
      await new Promise((r) => setImmediate(r));
      db.close();
      await expect(running).rejects.toThrow(/database connection is not open/);
      await expect.poll(() => fs.readdirSync(dir)).toEqual([]);
    }
  });

  it('a failure while the file is still being opened (a busy machine) leaves nothing behind either', async () => {
    // CI met it: the file's open was still queued when the failure removed the file, then created it.
    const { h, dir } = await seededWithExportDir();
    await import('../../src/main/list-export/xlsx-stream'); // loaded: the export reaches its first rows at once
    for (const format of ['csv', 'xlsx'] as const) {
      // libuv's threads busy (four by default; eight jobs cover a larger pool), so the file's open waits behind this work.
      const pbkdf2 = promisify(crypto.pbkdf2);
      const busy = Array.from({ length: 8 }, () => pbkdf2('lab', 'salt', 400_000, 32, 'sha256'));
      const db = new Database(h.dbs.lab.name, { readonly: true });
      const running = writeExport(db, path.join(dir, `part.${format}`), { endpoint: '/inventory/', format, encoding: 'utf-8', lang: 'zh-CN', search: '', field: 'all', status: '', sort: '' });
      await new Promise((r) => setImmediate(r));
      db.close();
      await expect(running).rejects.toThrow(/database connection is not open/);
      await Promise.all(busy);
      await new Promise((r) => setTimeout(r, 100)); // whatever the queued open does, it has done
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });
});
