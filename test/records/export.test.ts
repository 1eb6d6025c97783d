// Export of the current list view: the same rows, in the same order, as the list shows.
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { LISTS, type InventoryItem, type ListEndpoint, type ListResult } from '../../src/shared/records';
import path from 'node:path';
import type { ExportFile } from '../../src/main/list-export/export-file';
import { createHarness } from './harness';
import { sampleItems } from '../fixtures/records/sample-data';

describe('export', () => {
  it('exports the filtered, sorted list (all pages) to CSV and XLSX', async () => {
    const h = createHarness();
    for (const it of sampleItems(80)) await h.ok(h.member, 'createInventoryItem', it);
    const view = { search: 'a301', field: 'all', status: '', sort: 'name' };
    const list = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { ...view, pageSize: 500 });
    expect(list.total).toBeGreaterThan(0);
    const csv = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'machine', ...view });
    expect(csv.fileName).toMatch(/^inventory-.*\.csv$/);
    expect(csv.rows).toBe(list.total);
    // The service writes the file into the data directory's exports/; the transport delivers it.
    expect(path.basename(path.dirname(csv.path))).toBe('exports');
    const text = fs.readFileSync(csv.path).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => Number(r.id))).toEqual(list.rows.map((r) => r.id));
    expect(parsed.data[0]).toMatchObject({ name: list.rows[0]!.name, cas_number: list.rows[0]!.cas_number, storage_location: list.rows[0]!.storage_location });

    const xlsx = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'xlsx', lang: 'machine', ...view });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx.path);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(list.total + 1);
    expect(ws.getRow(2).getCell(2).text).toBe(list.rows[0]!.name);

    expect(await h.call(h.guest, 'exportList', { endpoint: '/inventory/', format: 'csv', field: 'applicant' })).toMatchObject({ ok: false, error: { code: 'validation', fields: { field: expect.objectContaining({ key: expect.any(String) }) } } });
    // An unknown status is refused rather than exporting an empty file.
    expect(await h.call(h.guest, 'exportList', { endpoint: '/reagent-orders/', format: 'csv', status: 'in_stock' })).toMatchObject({ ok: false, error: { code: 'validation', fields: { status: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(await h.call(h.guest, 'exportList', { endpoint: '/inventory/', format: 'pdf' })).toMatchObject({ ok: false, error: { code: 'validation', fields: { format: expect.objectContaining({ key: expect.any(String) }) } } });
  });
});

describe('export safety', () => {
  it('CSV cells that a spreadsheet would run as formulas are neutralised, and re-import restores the text', async () => {
    const h = createHarness();
    const names = ['=HYPERLINK("http://evil.example","x")', '+SUM(A1)', '@cmd', '-CH2- linker', '-20 °C freezer rack'];
    for (const name of names) await h.ok(h.member, 'createInventoryItem', { name, quantity: 1 });
    const view = { search: '', field: 'all', status: '', sort: 'id' };
    const csv = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'machine', ...view });
    const text = fs.readFileSync(csv.path).toString('utf8');
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    const cells = parsed.data.map((r) => r.name);
    expect(cells).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+SUM(A1)", "'@cmd", "'-CH2- linker", '-20 °C freezer rack']);
    const { parseImportFile } = await import('../../src/main/bulk-import/import-parse');
    const back = await parseImportFile('export.csv', Buffer.from(text, 'utf8'));
    const nameCol = back.headers.indexOf('name');
    expect(back.rows.map((r) => r[nameCol])).toEqual(names);
  });
});

describe('export of each list', () => {
  it('each list has its own columns; hazardous is yes/no as the list shows it, GHS pictograms one cell', async () => {
    const h = createHarness();
    await h.ok(h.member, 'createReagentOrder', { name: '乙醇', quantity: 2, hazardous: true });
    await h.ok(h.member, 'createReagentOrder', { name: 'NaCl', quantity: 1 });
    await h.ok(h.member, 'createConsumableOrder', { name: '枪头', quantity: 5, unit_price: 12.5 });
    await h.ok(h.member, 'createInventoryItem', { name: '丙酮', quantity: 1.5, ghs: ['GHS02', 'GHS07'] });
    const csv = async (endpoint: ListEndpoint, lang: string) => {
      const file = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint, format: 'csv', lang, sort: 'id' });
      return Papa.parse<Record<string, string>>(fs.readFileSync(file.path, 'utf8').slice(1), { header: true, skipEmptyLines: true });
    };
    const reagents = await csv('/reagent-orders/', 'machine');
    expect(reagents.meta.fields).toEqual([...LISTS['/reagent-orders/'].exportColumns]);
    expect(reagents.data.map((r) => [r.name, r.hazardous, r.status])).toEqual([['乙醇', 'yes', 'pending_approval'], ['NaCl', 'no', 'pending_approval']]);
    expect((await csv('/reagent-orders/', 'zh-CN')).data.map((r) => r['危险品'])).toEqual(['是', '否']);
    const consumables = await csv('/consumable-orders/', 'machine');
    expect(consumables.meta.fields).toEqual([...LISTS['/consumable-orders/'].exportColumns]);
    expect(consumables.data.map((r) => [r.name, r.quantity, r.unit_price])).toEqual([['枪头', '5', '12.5']]);
    const items = await csv('/inventory/', 'machine');
    expect(items.data.map((r) => [r.name, r.quantity, r.ghs, r.hazardous])).toEqual([['丙酮', '1.5', 'GHS02,GHS07', 'yes']]); // the pictograms make it hazardous
  });
});
