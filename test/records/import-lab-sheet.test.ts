// Issue 28 §1: a lab's own spreadsheet imported as it is — the header found below a title row,
// rows that are not items skipped with their reason (not errors), messages naming the
// spreadsheet's own row numbers; XLSX and CSV/TSV (UTF-8, GB18030) alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '../../src/shared/records';
import type { ImportPreview, ImportResult, InventoryItem, ListResult } from '../../src/shared/records';
import type { ExportFile } from '../../src/main/list-export/export-file';
import { suggestMapping } from '../../src/main/bulk-import/import-rows';
import { createHarness, type Harness } from './harness';
import { LAB_HEADERS, labSheet, writeLabCsv, writeLabXlsx, type LabSheet } from '../fixtures/records/lab-sheet';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-sheet-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function upload(h: Harness, file: string): Promise<string> {
  const chunk = fs.readFileSync(file).toString('base64');
  return (await h.ok<{ importId: string }>(h.member, 'importUpload', { fileName: path.basename(file), chunk, last: true })).importId;
}

const TITLE = 'XX课题组试剂台账 2026年';

/** Rows 1–12: title, header, sections, blank rows, one bad row, 合计, a footnote. */
function layoutSheet(): LabSheet {
  return labSheet(
    {
      1: [TITLE],
      2: LAB_HEADERS,
      3: ['一、有机溶剂类'],
      4: ['1', '乙醇', '64-17-5', '500ml', '2', '瓶', '国药', '10009218', '试剂柜A', '2025-03-01', '2027-03-01', '无水'],
      6: ['2', '丙酮', '67-64-1', '500ml', '1', '瓶', '国药', '10000418', '试剂柜A', '2025-03-01', '2027-03-01', ''],
      7: ['二、无机盐类'],
      8: ['3', '氯化钠', '7647-14-5', '500g', '3', '瓶', '西陇', '', '试剂柜B', '2024-05-10', '', ''],
      // brand and location merged over rows 8–9 (G8:G9, I8:I9): in XLSX only row 8 holds them
      9: ['4', '硫酸钠', '7757-82-6', '500g', 'abc', '瓶', '', '', '', '', '', ''],
      10: ['5'],
      11: ['', '合计', '', '', '6', '', '', '', '', '', '', ''],
      12: ['注：本表每月更新一次'],
    },
    ['A1:L1', 'A3:L3', 'A7:L7', 'G8:G9', 'I8:I9'],
  );
}

async function fileOf(kind: 'xlsx' | 'csv' | 'gb18030.csv' | 'tsv', sheet: LabSheet): Promise<string> {
  const file = path.join(dir, `${kind.replace('.', '-')}-${Math.random().toString(36).slice(2)}.${kind.endsWith('csv') ? 'csv' : kind}`);
  if (kind === 'xlsx') await writeLabXlsx(file, sheet);
  else await writeLabCsv(file, sheet, kind === 'gb18030.csv' ? 'gb18030' : 'utf-8', kind === 'tsv' ? '\t' : ',');
  return file;
}

describe('a lab sheet as it is: header row, non-data rows, row numbers', () => {
  for (const kind of ['xlsx', 'csv', 'gb18030.csv', 'tsv'] as const) {
    it(`finds the header below the title and skips the rows that are not items (${kind})`, async () => {
      const h = createHarness();
      const importId = await upload(h, await fileOf(kind, layoutSheet()));
      const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
      expect(p.headerRow).toBe(2);
      expect(p.headers).toEqual(LAB_HEADERS);
      expect(p.headerCandidates.map((c) => c.row)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
      expect(p.mapping).toMatchObject({ name: 1, cas_number: 2, specification: 3, quantity: 4, unit: 5, brand: 6, product_number: 7, storage_location: 8, received_date: 9, expiry_date: 10 });
      expect(p.skipped).toEqual([
        { row: 1, reason: 'title', text: TITLE },
        { row: 3, reason: 'section', text: '一、有机溶剂类' },
        { row: 5, reason: 'blank', text: '' },
        { row: 7, reason: 'section', text: '二、无机盐类' },
        { row: 10, reason: 'noData', text: '5' },
        { row: 11, reason: 'total', text: '合计' },
        { row: 12, reason: 'footnote', text: '注：本表每月更新一次' },
      ]);
      expect(p.sectionRows).toBe(2);
      expect(p.sampleRows).toEqual([4, 6, 8, 9]);
      expect(p).toMatchObject({ totalRows: 4, validRows: 3, badRows: 1 });
      // The row number is the spreadsheet's own (the title, the blank row and the sections counted).
      expect(p.errors).toEqual([expect.objectContaining({ row: 9, column: '数量', params: { field: 'quantity', problem: expect.objectContaining({ key: 'field.number' }) } })]);
    });
  }

  it('takes section headings as the category of the rows below when asked, and commits', async () => {
    const h = createHarness();
    const importId = await upload(h, await fileOf('xlsx', layoutSheet()));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, sectionAsCategory: true });
    const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: true, sectionAsCategory: true });
    expect(res).toMatchObject({ imported: 3, skipped: 1 });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.category])).toEqual([
      ['乙醇', '有机溶剂类'],
      ['丙酮', '有机溶剂类'],
      ['氯化钠', '无机盐类'],
    ]);
  });

  it('lets the user pick another header row, and refuses one that is not among the first rows (naming headerRow)', async () => {
    const h = createHarness();
    const importId = await upload(h, await fileOf('csv', layoutSheet()));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, headerRow: 1 });
    expect(p.headerRow).toBe(1);
    expect(p.headers[0]).toBe(TITLE);
    expect(p.mapping).toEqual({});
    const err = await h.refused(h.member, 'importPreview', { importId, headerRow: 5 });
    expect(err).toMatchObject({ code: 'validation', key: 'import.headerRow', params: { row: 5 }, fields: { headerRow: expect.objectContaining({ key: 'import.headerRow' }) } });
    expect(await h.refused(h.member, 'importPreview', { importId, headerRow: 0 })).toMatchObject({ code: 'validation', fields: { headerRow: expect.anything() } });
  });
});

describe('merged cells', () => {
  it('fills a merged brand and location down to every row they span (XLSX); CSV has nothing merged', async () => {
    const sheet = layoutSheet();
    sheet.rows.set(9, ['4', '硫酸钠', '7757-82-6', '500g', '2', '瓶', '', '', '', '', '', '']);
    const h = createHarness();
    const importId = await upload(h, await fileOf('xlsx', sheet));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(p.sample[p.sampleRows.indexOf(9)]!.slice(6, 9)).toEqual(['西陇', '', '试剂柜B']);
    // The merged title row reads as one text across the row: still a title, not a header.
    expect(p.headerRow).toBe(2);
    await h.ok(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { search: '硫酸钠' });
    expect(list.rows[0]).toMatchObject({ brand: '西陇', storage_location: '试剂柜B' });

    const csv = createHarness();
    const csvId = await upload(csv, await fileOf('csv', sheet));
    const q = await csv.ok<ImportPreview>(csv.member, 'importPreview', { importId: csvId });
    expect(q.sample[q.sampleRows.indexOf(9)]!.slice(6, 9)).toEqual(['', '', '']);
  });
});

/** Header in row 1; column J (购买日期) and K (有效期) written each way people write dates. */
function datesSheet(): LabSheet {
  const row = (n: number, received: string | number | Date, expiry: string) => ['', `试剂${n}`, '', '', '1', '瓶', '', '', '', received, expiry, ''];
  return labSheet({
    1: LAB_HEADERS,
    2: row(2, new Date(Date.UTC(2025, 2, 1)), '2027/03/01'),
    3: row(3, 45717, '2026-3-1'),
    4: row(4, '2024年5月10日', '长期'),
    5: row(5, '2025年3月', '2027年2月'),
    6: row(6, '2025.3.1', '3年'),
    7: row(7, '2025-03-01', '36个月'),
    8: row(8, '2025-03-01', '无'),
    9: row(9, '2025-03-01', '—'),
    10: row(10, '2026-13-01', ''),
    11: row(11, '2025-03-01', '2024-01-01'),
    12: row(12, '', '3年'),
  });
}

describe('dates as written', () => {
  it('reads Excel dates, serial numbers, dotted/slashed/Chinese dates, months, no-expiry words and shelf lives; refuses impossible dates naming the row', async () => {
    const h = createHarness();
    const importId = await upload(h, await fileOf('xlsx', datesSheet()));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    // The bare serial number and the Excel date cell are shown as dates, never as 45717.
    expect(p.sample[0]![9]).toBe('2025-03-01');
    expect(p.sample[1]![9]).toBe('2025-03-01');
    expect(p.errors.map((e) => [e.row, e.column, (e.params.problem as { key: string }).key])).toEqual([
      [10, '购买日期', 'import.dateWord'],
      [12, '有效期', 'import.shelfLifeNoStart'],
    ]);
    expect(p.warnings.map((w) => [w.row, w.column, (w.params.problem as { key: string }).key])).toEqual([
      [5, '购买日期', 'import.monthStart'],
      [5, '有效期', 'import.monthEnd'],
      [6, '有效期', 'import.shelfLife'],
      [7, '有效期', 'import.shelfLife'],
      [11, '有效期', 'import.expiryBeforeReceived'],
    ]);
    expect(p.warnings[1]!.message).toBe('expiry_date "2027年2月" has no day: read as 2027-02-28, the last day of the month');
    expect(p.warningRows).toBe(4);
    await h.ok(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: true });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.received_date, r.expiry_date])).toEqual([
      ['试剂2', '2025-03-01', '2027-03-01'],
      ['试剂3', '2025-03-01', '2026-03-01'],
      ['试剂4', '2024-05-10', null],
      ['试剂5', '2025-03-01', '2027-02-28'],
      ['试剂6', '2025-03-01', '2028-03-01'],
      ['试剂7', '2025-03-01', '2028-03-01'],
      ['试剂8', '2025-03-01', null],
      ['试剂9', '2025-03-01', null],
      ['试剂11', '2025-03-01', '2024-01-01'],
    ]);
  });
});

describe('amounts as written', () => {
  it('reads counts with their word, full-width digits, fractions, 约, size × count, an amount in another unit, and sizes in the specification', async () => {
    const row = (n: number, spec: string, qty: string, unit: string) => ['', `量${n}`, '', spec, qty, unit, '', '', '', '', '', ''];
    const sheet = labSheet({
      1: LAB_HEADERS,
      2: row(2, '500ml', '2瓶', ''),
      3: row(3, '4L', '2 瓶', '瓶'),
      4: row(4, 'AR', '３', '瓶'),
      5: row(5, '500ml', '1.5 瓶', ''),
      6: row(6, '500g', '1/2瓶', ''),
      7: row(7, '分析纯', '约2', '瓶'),
      8: row(8, 'HPLC', '500ml×2', ''),
      9: row(9, '', '2 × 500 mL', '瓶'),
      10: row(10, '500g', '0.5 kg', '瓶'),
      11: row(11, '500ml 30%', '2', '瓶'),
      12: row(12, '', '1/3瓶', ''),
    });
    const h = createHarness();
    const importId = await upload(h, await fileOf('xlsx', sheet));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(p.errors.map((e) => [e.row, e.column])).toEqual([[12, '数量']]);
    expect(p.warnings.map((w) => [w.row, w.column, w.message])).toEqual([[7, '数量', 'quantity "约2" is approximate: imported as 2']]);
    await h.ok(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: true });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.quantity, r.unit, r.container_size, r.container_label, r.specification])).toEqual([
      ['量2', 1000, 'mL', 500, '瓶', '500ml'],
      ['量3', 8, 'L', 4, '瓶', '4L'],
      ['量4', 3, '瓶', null, '', 'AR'],
      ['量5', 750, 'mL', 500, '瓶', '500ml'],
      ['量6', 250, 'g', 500, '瓶', '500g'],
      ['量7', 2, '瓶', null, '', '分析纯'],
      ['量8', 1000, 'mL', 500, '', 'HPLC'],
      ['量9', 1000, 'mL', 500, '瓶', ''],
      ['量10', 500, 'g', 500, '瓶', '500g'],
      ['量11', 1000, 'mL', 500, '瓶', '500ml 30%'],
    ]);
  });
});

describe('CAS numbers as written', () => {
  it('reads a CAS: prefix, spaces, full width; "/", "—" and "无" are no CAS; a wrong check digit is flagged with the right digit and imports on confirmation', async () => {
    const row = (n: number, cas: string) => ['', `化合物${n}`, cas, '', '1', '瓶', '', '', '', '', '', ''];
    const sheet = labSheet({ 1: LAB_HEADERS, 2: row(2, 'CAS:109-99-9'), 3: row(3, '109 99 9'), 4: row(4, '１０９－９９－９'), 5: row(5, '/'), 6: row(6, '—'), 7: row(7, '无'), 8: row(8, '64-17-6'), 9: row(9, '64-17') });
    const h = createHarness();
    const importId = await upload(h, await fileOf('csv', sheet));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(p.badCheckDigitRows).toBe(1);
    expect(p.errors.map((e) => [e.row, e.column, e.key, e.params])).toEqual([
      [8, 'CAS号', 'cas.checkDigit', { cas: '64-17-6', expected: 5 }],
      [9, 'CAS号', 'cas.invalid', expect.objectContaining({ value: '64-17' })],
    ]);
    const kept = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, keepBadCasCheckDigits: true });
    expect(kept.errors.map((e) => e.row)).toEqual([9]);
    await h.ok(h.member, 'importCommit', { importId, mapping: kept.mapping, skipBadRows: true, keepBadCasCheckDigits: true });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.cas_number])).toEqual([
      ['化合物2', '109-99-9'],
      ['化合物3', '109-99-9'],
      ['化合物4', '109-99-9'],
      ['化合物5', ''],
      ['化合物6', ''],
      ['化合物7', ''],
      ['化合物8', '64-17-6'],
    ]);
  });
});

describe('locations matched against the tree before anything is created', () => {
  async function tree(h: Harness): Promise<Record<string, number>> {
    const ids: Record<string, number> = {};
    for (const path of ['化学楼', '化学楼 › 301室', '化学楼 › 301室 › 试剂柜A', '化学楼 › 301室 › 试剂柜A › 第2层', '化学楼 › 301室 › 试剂柜B', '化学楼 › 301室 › 试剂柜B › 第2层', '化学楼 › 302室', '化学楼 › 302室 › 冰箱4℃']) {
      const segs = path.split(' › ');
      const parent = segs.length > 1 ? ids[segs.slice(0, -1).join(' › ')]! : null;
      ids[path] = (await h.ok<{ id: number }>(h.admin, 'createLocation', { name: segs.at(-1), parent_id: parent })).id;
    }
    return ids;
  }
  const sheet = () => {
    const row = (n: number, place: string) => ['', `物品${n}`, '', '', '1', '瓶', '', '', place, '', '', ''];
    return labSheet({ 1: LAB_HEADERS, 2: row(2, '化学楼 › 301室 › 试剂柜A › 第2层'), 3: row(3, '301室试剂柜A第2层'), 4: row(4, '冰箱 4℃'), 5: row(5, '第2层'), 6: row(6, '楼道储物间'), 7: row(7, '301室试剂柜A第2层') });
  };
  const nodes = (h: Harness) => h.dbs.lab.prepare('SELECT count(*) FROM locations').pluck().get() as number;

  it('matches by full path, by segments written together, by a unique last segment; lists ambiguous and unmatched texts', async () => {
    const h = createHarness();
    const ids = await tree(h);
    const importId = await upload(h, await fileOf('xlsx', sheet()));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    const A2 = '化学楼 › 301室 › 试剂柜A › 第2层';
    const B2 = '化学楼 › 301室 › 试剂柜B › 第2层';
    expect(p.locations).toEqual([
      { text: A2, rows: 1, match: { id: ids[A2], path: A2, by: 'path' }, candidates: [] },
      { text: '301室试剂柜A第2层', rows: 2, match: { id: ids[A2], path: A2, by: 'segments' }, candidates: [] },
      { text: '冰箱 4℃', rows: 1, match: { id: ids['化学楼 › 302室 › 冰箱4℃'], path: '化学楼 › 302室 › 冰箱4℃', by: 'last' }, candidates: [] },
      { text: '第2层', rows: 1, match: null, candidates: [{ id: ids[A2], path: A2 }, { id: ids[B2], path: B2 }] },
      { text: '楼道储物间', rows: 1, match: null, candidates: [] },
    ]);

    // The wizard's choices leave an unmatched text undecided: refused naming it, nothing written.
    const before = nodes(h);
    const undecided = await h.refused(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false, locations: [{ text: '第2层', location_id: ids[B2] }] });
    expect(undecided).toMatchObject({ code: 'validation', key: 'import.locationUndecided', params: { text: '楼道储物间' }, fields: { locations: expect.anything() } });
    expect(h.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(0);

    await h.ok(h.member, 'importCommit', {
      importId,
      mapping: p.mapping,
      skipBadRows: false,
      locations: [
        { text: '第2层', location_id: ids[B2] },
        { text: '楼道储物间', create: true, parent_id: ids['化学楼'] },
      ],
    });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.storage_location])).toEqual([
      ['物品2', A2],
      ['物品3', A2],
      ['物品4', '化学楼 › 302室 › 冰箱4℃'],
      ['物品5', B2],
      ['物品6', '化学楼 › 楼道储物间'],
      ['物品7', A2],
    ]);
    expect(list.rows[0]!.location_id).toBe(ids[A2]);
    // One new node (the one the user agreed to), no duplicate of an existing one.
    expect(nodes(h)).toBe(before + 1);
  });

  it('without choices (an API caller from before) puts matched texts on their node and makes the others top-level nodes', async () => {
    const h = createHarness();
    const ids = await tree(h);
    const importId = await upload(h, await fileOf('csv', sheet()));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    const before = nodes(h);
    await h.ok(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => r.location_id)).toEqual([ids['化学楼 › 301室 › 试剂柜A › 第2层'], ids['化学楼 › 301室 › 试剂柜A › 第2层'], ids['化学楼 › 302室 › 冰箱4℃'], expect.any(Number), expect.any(Number), ids['化学楼 › 301室 › 试剂柜A › 第2层']]);
    expect(list.rows.slice(3, 5).map((r) => r.storage_location)).toEqual(['第2层', '楼道储物间']);
    expect(nodes(h)).toBe(before + 2);
  });
});

describe('duplicates', () => {
  it('flags a row identical to another row of the file and one matching an item in stock; imports them anyway or leaves them out as the user chooses', async () => {
    const h = createHarness();
    const stock = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '丙酮', cas_number: '67-64-1', brand: '国药', product_number: '200', lot_number: 'L2', quantity: '1', unit: 'L', storage_location: '试剂柜A' });
    const row = (n: string, name: string, cas: string, pn: string, lot: string) => [n, name, cas, '', '1', '瓶', '国药', pn, '试剂柜A', '', '', lot];
    const sheet = labSheet({
      1: [...LAB_HEADERS.slice(0, 11), '批号'],
      2: row('1', '乙醇', '64-17-5', '100', 'L1'),
      3: row('2', '乙醇', '64-17-5', '100', 'L1'),
      4: row('3', '丙酮', '67-64-1', '200', 'L2'),
      5: row('4', '丙酮', '67-64-1', '200', 'L3'),
    });
    const importId = await upload(h, await fileOf('xlsx', sheet));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(p.duplicates).toEqual([
      { row: 3, kind: 'file', ofRow: 2 },
      { row: 4, kind: 'stock', item: { id: stock.id, name: '丙酮', storage_location: '试剂柜A' } },
    ]);
    expect(p).toMatchObject({ duplicateRows: 2, validRows: 4 });

    const skip = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, duplicates: 'skip' });
    expect(skip.validRows).toBe(2);
    expect(skip.skipped.filter((x) => x.reason === 'duplicate').map((x) => x.row)).toEqual([3, 4]);
    expect((await h.refused(h.member, 'importPreview', { importId, duplicates: 'merge' })).fields).toHaveProperty('duplicates');
    const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: skip.mapping, skipBadRows: false, duplicates: 'skip' });
    expect(res.imported).toBe(2);
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.lot_number])).toEqual([['丙酮', 'L2'], ['乙醇', 'L1'], ['丙酮', 'L3']]);
  });
});

describe('duplicates added to the existing item (duplicates: add)', () => {
  const HEAD = [...LAB_HEADERS.slice(0, 11), '批号'];
  const row = (n: string, name: string, cas: string, qty: string, unit: string, pn: string, lot: string) => [n, name, cas, '', qty, unit, '国药', pn, '试剂柜A', '', '', lot];
  const acetone = { name: '丙酮', cas_number: '67-64-1', brand: '国药', product_number: '200', lot_number: 'L2', quantity: '500', unit: 'mL', container_size: '500', storage_location: '试剂柜A' };
  const movementsOf = (h: Harness, id: number) => h.ok<Array<{ kind: string; amount: number; delta: number; unit: string; balance_after: number; reason: string }>>(h.member, 'listMovements', { id });
  const auditOf = (h: Harness, id: number) => h.dbs.lab.prepare("SELECT action, changes FROM audit_log WHERE entity_type = 'inventory_item' AND entity_id = ? ORDER BY id").all(id) as Array<{ action: string; changes: string }>;

  it('adds a row naming an item in stock to it (0.5 L into a 500 mL item) as a receipt, and two identical rows become one item with their sum', async () => {
    const h = createHarness();
    const stock = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    const file = await fileOf('xlsx', labSheet({ 1: HEAD, 2: row('1', '丙酮', '67-64-1', '0.5', 'L', '200', 'L2'), 3: row('2', '乙醇', '64-17-5', '250', 'mL', '100', 'L1'), 4: row('3', '乙醇', '64-17-5', '250', 'mL', '100', 'L1') }));
    const importId = await upload(h, file);
    const shown = { id: stock.id, name: '丙酮', storage_location: '试剂柜A' };
    // Import anyway (the default) adds nothing: three new items would be made.
    expect(await h.ok<ImportPreview>(h.member, 'importPreview', { importId })).toMatchObject({ validRows: 3, addedRows: 0, mergedRows: 0, additions: [] });

    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, duplicates: 'add' });
    expect(p.duplicates).toEqual([{ row: 2, kind: 'stock', item: shown }, { row: 4, kind: 'file', ofRow: 3 }]);
    expect(p).toMatchObject({ validRows: 3, badRows: 0, addedRows: 1, mergedRows: 1, additions: [{ item: shown, rows: 1, amount: '500', unit: 'mL' }] });

    h.hooks.take();
    const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false, duplicates: 'add' });
    expect(res).toMatchObject({ imported: 1, added: 1, addedTo: [stock.id], merged: 1, skipped: 0 });
    // The stock item grew by the row, converted; its container count follows (2 × 500 mL).
    const grown = await h.ok<InventoryItem>(h.member, 'getInventoryItem', { id: stock.id });
    expect(grown).toMatchObject({ quantity: 1000, unit: 'mL', container_size: 500, status: 'in_stock' });
    expect(Math.ceil(grown.quantity / grown.container_size!)).toBe(2);
    const moves = await movementsOf(h, stock.id);
    expect(moves).toHaveLength(2);
    expect(moves[1]).toMatchObject({ kind: 'received', amount: 500, delta: 500, unit: 'mL', balance_after: 1000, reason: `import: ${path.basename(file)}` });
    const audited = auditOf(h, stock.id);
    expect(audited.map((a) => a.action)).toEqual(['create', 'import']);
    expect(JSON.parse(audited[1]!.changes)).toEqual({ quantity: [500, 1000] });
    // Nothing else created: the two identical rows are one item holding their sum.
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    expect(list.rows.map((r) => [r.name, r.quantity, r.unit])).toEqual([['丙酮', 1000, 'mL'], ['乙醇', 500, 'mL']]);
    const newId = res.ids[0]!;
    expect((await movementsOf(h, newId)).map((m) => [m.kind, m.amount, m.balance_after])).toEqual([['received', 500, 500]]);
    expect(JSON.parse(auditOf(h, newId)[0]!.changes).quantity).toEqual([null, 500]);
    // The list search and the completion index know of the grown item as of the new one.
    const found = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { search: '丙酮' });
    expect(found.rows.map((r) => [r.id, r.quantity])).toEqual([[stock.id, 1000]]);
    expect(h.hooks.take()).toContainEqual({ kind: 'bulk', endpoint: '/inventory/', ids: [stock.id, newId] });
  });

  it('refuses a row whose amount does not convert to the unit of the item, naming its row; a row identical to an added row adds to the same item', async () => {
    const h = createHarness();
    const stock = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    const sheet = labSheet({ 1: HEAD, 2: row('1', '丙酮', '67-64-1', '1', '瓶', '200', 'L2'), 3: row('2', '丙酮', '67-64-1', '100', 'mL', '200', 'L2'), 4: row('3', '丙酮', '67-64-1', '100', 'mL', '200', 'L2') });
    const importId = await upload(h, await fileOf('csv', sheet));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, duplicates: 'add' });
    expect(p).toMatchObject({ validRows: 2, badRows: 1, addedRows: 2, mergedRows: 0, additions: [{ item: { id: stock.id }, rows: 2, amount: '200', unit: 'mL' }] });
    expect(p.duplicates.map((d) => [d.row, d.kind, d.item?.id])).toEqual([[2, 'stock', stock.id], [3, 'stock', stock.id], [4, 'file', stock.id]]);
    expect(p.errors).toEqual([expect.objectContaining({ row: 2, column: '数量', key: 'import.addUnit', params: expect.objectContaining({ row: 2, unit: '瓶', itemUnit: 'mL', id: stock.id }) })]);
    expect(p.errors[0]!.message).toMatch(/^Row 2: 1 瓶 cannot be converted to mL/);
    // Not committed until the user skips the row.
    expect((await h.refused(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false, duplicates: 'add' })).key).toBe('import.badRows');
    const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: true, duplicates: 'add' });
    expect(res).toMatchObject({ imported: 0, added: 2, addedTo: [stock.id], merged: 0, skipped: 1 });
    expect((await h.ok<InventoryItem>(h.member, 'getInventoryItem', { id: stock.id })).quantity).toBe(700);
    expect((await movementsOf(h, stock.id)).map((m) => [m.kind, m.amount, m.balance_after])).toEqual([['received', 500, 500], ['received', 200, 700]]);
    expect((await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', {})).total).toBe(1);
  });

  it('refuses the commit naming the row when the item left the stock after the preview; nothing is written', async () => {
    const h = createHarness();
    const stock = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    const importId = await upload(h, await fileOf('xlsx', labSheet({ 1: HEAD, 2: row('1', '乙醇', '64-17-5', '250', 'mL', '100', 'L1'), 3: row('2', '丙酮', '67-64-1', '0.5', 'L', '200', 'L2') })));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId, duplicates: 'add' });
    expect(p).toMatchObject({ validRows: 2, addedRows: 1 });
    await h.ok(h.member, 'disposeInventoryItem', { id: stock.id, reason: 'broken' });
    const refused = await h.refused(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false, duplicates: 'add' });
    expect(refused).toMatchObject({ key: 'import.addGone', params: expect.objectContaining({ row: 3, id: stock.id }) });
    expect((await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', {})).rows.map((r) => r.name)).toEqual(['丙酮']);
    expect(await movementsOf(h, stock.id)).toHaveLength(2);
  });
});

describe('template', () => {
  it('is an XLSX with Chinese and English headers, one example row and a sheet explaining each column; it imports as it is', async () => {
    const h = createHarness();
    const t = await h.ok<ExportFile>(h.member, 'importTemplate', {});
    expect(t.fileName).toBe('inventory-import-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(t.path);
    const [data, help] = wb.worksheets;
    const headers = (data!.getRow(1).values as string[]).slice(1);
    expect(headers).toHaveLength(IMPORT_COLUMNS.length);
    expect(headers.slice(0, 3)).toEqual(['名称 / Name', '英文名 / English name', 'CAS号 / CAS No.']);
    expect(help!.getRow(1).values).toEqual([undefined, '列 Column', '说明', 'Explanation', '示例 Example']);
    expect(help!.getRow(2).getCell(2).text).toContain('必填');
    expect(help!.getRow(2).getCell(3).text).toContain('Required');
    expect(help!.getRow(IMPORT_COLUMNS.length + 1).getCell(1).text).toBe('备注 / Notes');

    const copy = path.join(dir, 'template.xlsx');
    fs.copyFileSync(t.path, copy);
    const importId = await upload(h, copy);
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    // Every column is recognised by its header, in order.
    expect(p.mapping).toEqual(Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c, i])));
    expect(p).toMatchObject({ headerRow: 1, totalRows: 1, validRows: 1, errors: [] });
    await h.ok(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: false });
    const [item] = (await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', {})).rows;
    expect(item).toMatchObject({ name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 1000, unit: 'mL', container_size: 500, notes: '无水', ghs: ['GHS02', 'GHS07'], expiry_date: '2027-03-01' });
  });
});

describe('notes (备注) end to end', () => {
  it('maps 备注, 说明 and 注释 to notes by themselves', () => {
    for (const header of ['备注', '说明', '注释', 'Notes', 'remarks']) expect(suggestMapping(['名称', '数量', header])).toEqual({ name: 0, quantity: 1, notes: 2 });
  });

  it('imports 备注, keeps it through form edits with an audit entry, and exports it (machine and Chinese)', async () => {
    const h = createHarness();
    const importId = await upload(h, await fileOf('xlsx', layoutSheet()));
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(p.mapping.notes).toBe(11);
    await h.ok(h.member, 'importCommit', { importId, mapping: p.mapping, skipBadRows: true });
    const list = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'id' });
    const ethanol = list.rows[0]!;
    expect(ethanol).toMatchObject({ name: '乙醇', notes: '无水' });
    expect(list.rows[1]!.notes).toBe('');
    expect((await h.records.history('inventory_item', ethanol.id))[0]!.changes.notes).toEqual([null, '无水']);

    const edited = await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: ethanol.id, notes: '开封后放干燥器' });
    expect(edited.notes).toBe('开封后放干燥器');
    expect((await h.records.history('inventory_item', ethanol.id)).at(-1)).toMatchObject({ action: 'update', changes: { notes: ['无水', '开封后放干燥器'] } });
    const made = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '甲醇', quantity: '1', unit: 'L', notes: '色谱纯' });
    expect(made.notes).toBe('色谱纯');
    expect((await h.refused(h.member, 'createInventoryItem', { name: '甲醇', quantity: '1', notes: 'x'.repeat(2001) })).fields).toHaveProperty('notes');

    const machine = await h.ok<ExportFile>(h.member, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'machine', sort: 'id' });
    const rows = Papa.parse<Record<string, string>>(fs.readFileSync(machine.path, 'utf8').slice(1), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.name === '乙醇')!.notes).toBe('开封后放干燥器');
    const zh = await h.ok<ExportFile>(h.member, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'zh-CN', sort: 'id' });
    const zhRows = Papa.parse<Record<string, string>>(fs.readFileSync(zh.path, 'utf8').slice(1), { header: true, skipEmptyLines: true }).data;
    expect(zhRows.find((r) => r['名称'] === '甲醇')!['备注']).toBe('色谱纯');
  });
});

