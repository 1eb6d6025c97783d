// A container's fields (lot, expiry/received/opened dates, supplier, minimum stock, GHS pictograms,
// container size) through every way they enter: bulk import (English and Chinese headers, the date
// forms spreadsheets hold, Excel date cells, per-row errors like the form's), stock-in from a
// reagent order (amount, lot, expiry, supplier, location, the received movement with the order),
// and the export that gives them back.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult, InventoryItem, ListResult, ReagentOrder } from '../../src/shared/records';
import { createHarness, tempDir, type Harness } from './harness';
import { dateCell, ghsCell } from '../../src/main/bulk-import/import-cells';
import { exportList } from '../../src/main/list-export/export-job';

async function upload(h: Harness, file: string): Promise<string> {
  const buf = fs.readFileSync(file);
  const r = await h.ok<{ importId: string }>(h.member, 'importUpload', { fileName: path.basename(file), chunk: buf.toString('base64'), last: true });
  return r.importId;
}

function csv(file: string, headers: string[], rows: string[][]): string {
  fs.writeFileSync(file, '\uFEFF' + Papa.unparse({ fields: headers, data: rows }), 'utf8');
  return file;
}

const items = (h: Harness) => h.dbs.lab.prepare('SELECT * FROM inventory_items ORDER BY id').all() as Array<Record<string, unknown>>;

describe('import cells', () => {
  it('reads the date forms spreadsheets hold and refuses what is not a day', () => {
    expect(dateCell('2027-03-01')).toBe('2027-03-01');
    expect(dateCell('2027/3/1')).toBe('2027-03-01');
    expect(dateCell('2027.3.1')).toBe('2027-03-01');
    expect(dateCell('2027年3月1日')).toBe('2027-03-01');
    expect(dateCell('20270301')).toBe('2027-03-01');
    expect(dateCell('2027-03-01 00:00:00')).toBe('2027-03-01');
    expect(dateCell('46447')).toBe('2027-03-01'); // an Excel date cell (serial day number)
    for (const bad of ['2027-02-30', '2027/13/1', '3/1/2027', 'next March', '5', '1.5', '']) expect(dateCell(bad), bad).toBeNull();
  });

  it('reads GHS codes in the ways people list them', () => {
    expect(ghsCell('GHS02,GHS07')).toEqual(['GHS02', 'GHS07']);
    expect(ghsCell('ghs2；GHS7')).toEqual(['GHS02', 'GHS07']);
    expect(ghsCell('02、07 09')).toEqual(['GHS02', 'GHS07', 'GHS09']);
    expect(ghsCell('GHS10')).toBeNull();
    expect(ghsCell('flame')).toBeNull();
  });
});

describe('bulk import of the item fields', () => {
  it('recognises the Chinese headers, stores good rows with their fields and location node, and names each bad cell', async () => {
    const h = createHarness();
    const file = csv(path.join(tempDir(), 'stock.csv'), ['名称', '数量', '单位', '单瓶规格', '容器', '存放位置', '批号', '失效日期', '入库日期', '开封日期', '供应商', '最低库存', '危险象形图'], [
      ['乙醇', '1500', 'g', '500', '瓶', 'A301 › 2号柜', 'LOT-1', '2027/3/1', '2026-11-02', '', '国药', '500', 'GHS02,GHS07'],
      ['丙酮', '2', '瓶', '', '', 'A301 › 2号柜', 'B7', '2027年1月5日', '', '', '', '', ''],
      ['坏日期', '1', 'g', '', '', '', '', '2027-02-30', '', '', '', '', ''],
      ['坏象形图', '1', 'g', '', '', '', '', '', '', '', '', '', 'GHS10'],
      ['坏最低库存', '1', 'g', '', '', '', '', '', '', '', '', '-1', ''],
      ['坏单瓶', '1', 'g', '500 mL', '', '', '', '', '', '', '', '', ''],
    ]);
    const importId = await upload(h, file);
    const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(preview.mapping).toEqual({ name: 0, quantity: 1, unit: 2, container_size: 3, container_label: 4, storage_location: 5, lot_number: 6, expiry_date: 7, received_date: 8, opened_date: 9, supplier: 10, min_stock: 11, ghs: 12 });
    expect(preview).toMatchObject({ totalRows: 6, validRows: 2, badRows: 4 });
    expect(preview.errors.map((e) => [e.row, e.column, e.key])).toEqual([
      [4, '失效日期', 'import.rowField'],
      [5, '危险象形图', 'import.rowField'],
      [6, '最低库存', 'import.rowField'],
      [7, '单瓶规格', 'import.rowField'],
    ]);
    expect(preview.errors[0]!.message).toBe('expiry_date must be a date such as 2027-03-01, not "2027-02-30"');
    expect(preview.errors[2]!.message).toBe('min_stock must not be negative');
    expect(preview.errors[3]!.message).toBe('container_size "500 mL" is not in the item\'s unit g');
    await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: true });
    const [eth, ace] = items(h);
    const node = h.dbs.lab.prepare('SELECT id FROM locations WHERE path = ?').pluck().get('A301 › 2号柜');
    expect(eth).toMatchObject({ quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶', lot_number: 'LOT-1', expiry_date: '2027-03-01', received_date: '2026-11-02', opened_date: null, supplier: '国药', min_stock: 500, ghs: 'GHS02,GHS07', location_id: node, storage_location: 'A301 › 2号柜' });
    // Both rows with the same location text went to the same node.
    expect(ace).toMatchObject({ location_id: node, lot_number: 'B7', expiry_date: '2027-01-05' });
    const moves = h.dbs.lab.prepare('SELECT item_id, kind, amount, unit, to_location_id FROM stock_movements ORDER BY id').all();
    expect(moves).toEqual([
      { item_id: eth!.id, kind: 'received', amount: 1500, unit: 'g', to_location_id: node },
      { item_id: ace!.id, kind: 'received', amount: 2, unit: '瓶', to_location_id: node },
    ]);
  });

  it('turns "2 瓶" of specification "500 mL" into 1000 mL in bottles of 500 mL, and reads English headers and Excel date cells', async () => {
    const h = createHarness();
    const file = path.join(tempDir(), 'stock.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('stock');
    ws.addRow(['Name', 'Specification', 'Quantity', 'Unit', 'Lot No.', 'Expiry date', 'Supplier', 'GHS pictograms']);
    ws.addRow(['Ethanol', '500 mL', 2, 'bottle', 'E-77', new Date(Date.UTC(2027, 2, 1)), 'Sigma', 'GHS02']);
    await wb.xlsx.writeFile(file);
    const importId = await upload(h, file);
    const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(preview).toMatchObject({ validRows: 1, badRows: 0, mapping: { lot_number: 4, expiry_date: 5, supplier: 6, ghs: 7 } });
    await h.ok(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
    expect(items(h)[0]).toMatchObject({ quantity: 1000, unit: 'mL', container_size: 500, container_label: 'bottle', lot_number: 'E-77', expiry_date: '2027-03-01', supplier: 'Sigma', ghs: 'GHS02' });
  });
});

const ethanol = { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', specification: '500 g', quantity: 2, unit_price: 35.5, brand: '国药集团', product_number: 'G10009218', hazardous: true };

async function arrived(h: Harness, extra: Record<string, unknown> = {}): Promise<ReagentOrder> {
  const o = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { ...ethanol, ...extra });
  await h.ok(h.admin, 'approveReagentOrder', { id: o.id });
  await h.ok(h.admin, 'arriveReagentOrder', { id: o.id });
  return o;
}

describe('stock-in from a reagent order', () => {
  it('creates the item with its amount, lot, expiry, supplier and location node, and a received movement naming the order', async () => {
    const h = createHarness();
    const order = await arrived(h, { supplier: '化学品商城' });
    expect(order.supplier).toBe('化学品商城');
    const node = Number(h.dbs.lab.prepare("INSERT INTO locations (parent_id, name, path) VALUES (NULL, 'A301', 'A301')").run().lastInsertRowid);
    const res = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: order.id, location_id: node, lot_number: 'SHBK1234', expiry_date: '2028-06-30' });
    const today = new Date();
    const localToday = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(res.item).toMatchObject({
      quantity: 1000, unit: 'g', container_size: 500, lot_number: 'SHBK1234', expiry_date: '2028-06-30', received_date: localToday,
      supplier: '化学品商城', brand: '国药集团', product_number: 'G10009218', location_id: node, storage_location: 'A301', source_order_id: order.id,
    });
    expect(h.dbs.lab.prepare('SELECT kind, amount, delta, unit, balance_after, order_id, to_location_id FROM stock_movements WHERE item_id = ?').all(res.item.id)).toEqual([
      { kind: 'received', amount: 1000, delta: 1000, unit: 'g', balance_after: 1000, order_id: order.id, to_location_id: node },
    ]);
    // Idempotent: a second call returns the item and writes no second movement.
    const again = await h.ok<{ item: InventoryItem; alreadyStockedIn: boolean }>(h.admin, 'stockInReagentOrder', { id: order.id, location_id: node, lot_number: 'OTHER' });
    expect(again).toMatchObject({ alreadyStockedIn: true, item: { id: res.item.id, lot_number: 'SHBK1234' } });
    expect(h.dbs.lab.prepare('SELECT count(*) FROM stock_movements').pluck().get()).toBe(1);
  });

  it('takes the amount as given, the brand as supplier when the order has none, and a location text naming an existing node', async () => {
    const h = createHarness();
    const cold = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '冷库' });
    const floor = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '2层', parent_id: cold.id });
    const order = await arrived(h);
    const res = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: '冷库 › 2层', quantity: 0.75, unit: 'kg', container_size: 0.5, received_date: '2026-11-20' });
    expect(res.item).toMatchObject({ quantity: 0.75, unit: 'kg', container_size: 0.5, supplier: '国药集团', received_date: '2026-11-20', storage_location: '冷库 › 2层', location_id: floor.id });
  });

  it('a location text is matched against the tree (path, segments written together, unique last segment) and never creates a node', async () => {
    const h = createHarness();
    const building = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '化学楼' });
    const room = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '301室', parent_id: building.id });
    const cabinet = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '试剂柜A', parent_id: room.id });
    const shelf = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '第2层', parent_id: cabinet.id });
    const fridge = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: '冰箱 4℃', parent_id: room.id });
    await h.ok(h.admin, 'createLocation', { name: '第2层', parent_id: fridge.id });
    const nodes = () => h.dbs.lab.prepare('SELECT count(*) FROM locations').pluck().get();
    const before = nodes();
    for (const [text, id] of [['301室试剂柜A第2层', shelf.id], ['冰箱4℃', fridge.id], ['化学楼 › 301室 › 试剂柜A', cabinet.id]] as const) {
      const res = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: (await arrived(h)).id, storage_location: text });
      expect(res.item.location_id, text).toBe(id);
    }
    // Nothing matches, or two nodes match as well ("第2层" is the last segment of both shelves): refused, nothing created.
    for (const [text, key] of [['302室', 'location.noMatch'], ['第2层', 'location.ambiguous']] as const) {
      const order = await arrived(h);
      const r = await h.call(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: text });
      expect(r, text).toMatchObject({ ok: false, error: { code: 'validation', fields: { storage_location: { key } } } });
      expect((await h.records.reagentOrders.get(order.id)).status).toBe('arrived');
    }
    expect(nodes()).toBe(before);
  });

  it('a container size in the specification ("4L") is kept: 2 瓶 × 4 L = 8 L', async () => {
    const h = createHarness();
    const shelf = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: 'A1' });
    const order = await arrived(h, { quantity: 2, specification: '4L' });
    const res = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: order.id, location_id: shelf.id });
    expect(res.item).toMatchObject({ quantity: 8, unit: 'L', container_size: 4 });
  });

  it('refuses a stock-in without a location, a bad date or a bad amount, naming the field, and writes nothing', async () => {
    const h = createHarness();
    const order = await arrived(h);
    for (const [input, field] of [
      [{}, 'storage_location'],
      [{ storage_location: ' ' }, 'storage_location'],
      [{ location_id: 999 }, 'location_id'],
      [{ storage_location: 'A1', expiry_date: '2028-02-30' }, 'expiry_date'],
      [{ storage_location: 'A1', quantity: -1 }, 'quantity'],
      [{ storage_location: 'A1', lot_number: 'x'.repeat(101) }, 'lot_number'],
    ] as const) {
      const r = await h.call(h.admin, 'stockInReagentOrder', { id: order.id, ...input });
      expect(r, JSON.stringify(input)).toMatchObject({ ok: false, error: { code: 'validation', fields: { [field]: expect.anything() } } });
    }
    expect(h.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(0);
    expect((await h.records.reagentOrders.get(order.id)).status).toBe('arrived');
  });

  it('keeps an order\'s supplier through edits', async () => {
    const h = createHarness();
    const o = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { ...ethanol, supplier: 'A' });
    expect((await h.ok<ReagentOrder>(h.member, 'updateReagentOrder', { id: o.id, supplier: '京东' })).supplier).toBe('京东');
    const list = await h.ok<ListResult<ReagentOrder>>(h.member, 'listReagentOrders', {});
    expect(list.rows[0]!.supplier).toBe('京东');
  });
});

describe('export of the item fields', () => {
  it('writes them with Chinese headers, and the file imports back with the same values', async () => {
    const h = createHarness();
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶', lot_number: 'L1', expiry_date: '2027-03-01', received_date: '2026-11-01', opened_date: '2026-11-10', supplier: '国药', min_stock: 200, ghs: ['GHS07', 'GHS02'] });
    const out = await exportList(h.dbs.lab.name, tempDir(), { endpoint: '/inventory/', format: 'csv', lang: 'zh-CN', encoding: 'utf-8', search: '', field: 'all', status: '', sort: '' });
    const bytes = fs.readFileSync(out.path);
    const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data[0]).toMatchObject({ 单瓶规格: '500', 容器: '瓶', 批号: 'L1', 有效期: '2027-03-01', 入库日期: '2026-11-01', 开封日期: '2026-11-10', 供应商: '国药', 最低库存: '200', GHS象形图: 'GHS02,GHS07' });
    const file = path.join(tempDir(), 'back.csv');
    fs.writeFileSync(file, bytes);
    const importId = await upload(h, file);
    const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(preview).toMatchObject({ validRows: 1, badRows: 0 });
    await h.ok(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
    const back = items(h)[1];
    expect(back).toMatchObject({ quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶', lot_number: 'L1', expiry_date: '2027-03-01', opened_date: '2026-11-10', supplier: '国药', min_stock: 200, ghs: 'GHS02,GHS07' });
  });
});
