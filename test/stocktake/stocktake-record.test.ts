// What a stocktake keeps on record: a count stands for the moment it was made (uses recorded after
// it are not undone at close), every start, count, untick, cancel and close is in the audit log
// (scans and ticks are not: the line keeps who saw it), and the report shows the items as they
// read during the stocktake, however they are edited or deleted afterwards.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { stocktakeHarness, type StocktakeHarness } from './harness';
import type { Stocktake, StocktakeDetail, StocktakeReview } from '../../src/shared/stocktake';
import type { ExportDownload, InventoryItem } from '../../src/shared/records';
import { readHistory } from '../../src/main/audit/audit-log';
import { searchAudit } from '../../src/main/audit/audit-query';
import { auditListInput } from '../../src/shared/contract/audit';

const get = (h: StocktakeHarness, id: number) => h.ok<InventoryItem>(h.member, 'getInventoryItem', { id });
const stocktakeEntries = async (h: StocktakeHarness, id: number) =>
  (await h.data.read((r) => readHistory(r, 'stocktake', id))).map((e) => ({ action: e.action, user: e.userName, changes: e.changes }));
const movementsOf = (h: StocktakeHarness, stocktakeId: number) =>
  h.dbs.lab.prepare('SELECT item_id, delta, balance_after FROM stock_movements WHERE stocktake_id = ? ORDER BY id').all(stocktakeId);

describe('stocktake record', () => {
  it('a count stands for its moment: uses recorded after it are added at close, not undone; the review says so', async () => {
    const h = await stocktakeHarness();
    const a = await h.item({ name: '丙酮', quantity: 100, unit: 'g', location_id: h.loc.r101.id });
    const b = await h.item({ name: '氯化钠', quantity: 100, unit: 'g', location_id: h.loc.r101.id });
    const c = await h.item({ name: '蔗糖', quantity: 100, unit: 'g', location_id: h.loc.r101.id });
    const d = await h.item({ name: '葡萄糖', quantity: 1, unit: 'kg', location_id: h.loc.r101.id });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    // a: counted right, then 10 g used. b: 5 g short, then 10 g used. c: seen (no count), then used.
    // d: counted 0.9 kg (in g), then 50 g used; the item's unit is kg.
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 100 });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: b.id, amount: 95 });
    await h.ok(h.member, 'tickStocktake', { id: st.id, item_id: c.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: d.id, amount: 900, unit: 'g' });
    for (const [id, amount, unit] of [[a.id, 10, 'g'], [b.id, 10, 'g'], [c.id, 10, 'g'], [d.id, 50, 'g']] as const) {
      await h.ok(h.member2, 'useInventoryItem', { id, amount, unit });
    }

    const review = await h.ok<StocktakeReview>(h.admin, 'reviewStocktake', { id: st.id });
    expect(review.counted.map((e) => [e.item_id, e.balance, e.counted, e.since, e.target])).toEqual([
      [b.id, 90, 95, -10, 85],
      [d.id, 0.95, 0.9, -0.05, 0.85],
    ]);
    await h.ok(h.admin, 'closeStocktake', { id: st.id });
    expect((await get(h, a.id)).quantity).toBe(90);
    expect((await get(h, b.id)).quantity).toBe(85);
    expect((await get(h, c.id)).quantity).toBe(90);
    expect((await get(h, d.id)).quantity).toBe(0.85);
    expect(movementsOf(h, st.id)).toEqual([
      { item_id: b.id, delta: -5, balance_after: 85 },
      { item_id: d.id, delta: -0.1, balance_after: 0.85 },
    ]);
    const outcomes = Object.fromEntries((await h.ok<StocktakeDetail>(h.guest, 'getStocktake', { id: st.id })).lines.map((l) => [l.item_id, l.outcome]));
    expect(outcomes).toEqual({ [a.id]: 'ok', [b.id]: 'adjusted', [c.id]: 'ok', [d.id]: 'adjusted' });
  });

  it('start, count, untick, cancel and close are in the audit log under the stocktake; scans and ticks are not', async () => {
    const h = await stocktakeHarness();
    const a = await h.item({ name: '丙酮', location_id: h.loc.r101.id });
    const e = await h.item({ name: '乙腈', location_id: h.loc.r102.id });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id, note: '年终' });
    await h.ok(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${a.id}` });
    await h.ok(h.member, 'tickStocktake', { id: st.id, item_id: e.id });
    expect((await stocktakeEntries(h, st.id)).map((x) => x.action)).toEqual(['start']);
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 450 });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 0.44, unit: 'L' });
    await h.ok(h.member2, 'untickStocktake', { id: st.id, item_id: a.id });
    await h.ok(h.member2, 'untickStocktake', { id: st.id, item_id: e.id });
    await h.ok(h.admin, 'cancelStocktake', { id: st.id });
    expect(await stocktakeEntries(h, st.id)).toEqual([
      { action: 'start', user: 'Lab Admin', changes: { name: [null, 'B1 › Room 101'], location_id: [null, h.loc.r101.id], note: [null, '年终'] } },
      { action: 'count', user: '张三 Alice', changes: { item_id: [a.id, a.id], counted_amount: [null, 450], counted_unit: [null, 'mL'] } },
      { action: 'count', user: '张三 Alice', changes: { item_id: [a.id, a.id], counted_amount: [450, 440], counted_unit: ['mL', 'mL'] } },
      { action: 'untick', user: h.member2.displayName, changes: { item_id: [a.id, a.id], seen_by: ['张三 Alice', null], seen_at: [expect.any(String), null], counted_amount: [440, null] } },
      { action: 'untick', user: h.member2.displayName, changes: { item_id: [e.id, e.id], seen_by: ['张三 Alice', null], seen_at: [expect.any(String), null], counted_amount: [null, null], found: [true, null] } },
      { action: 'cancel', user: 'Lab Admin', changes: { status: ['open', 'cancelled'] } },
    ]);

    const st2 = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st2.id, item_id: a.id, amount: 400 });
    await h.ok(h.admin, 'closeStocktake', { id: st2.id });
    expect((await stocktakeEntries(h, st2.id)).at(-1)).toEqual({ action: 'close', user: 'Lab Admin', changes: { status: ['open', 'closed'], adjusted: [null, 1], moved: [null, 0] } });
    // The audit screen lists them as their own kind, named by the location.
    const page = await searchAudit(h.data, auditListInput.parse({ kind: 'stocktake', record: st2.id }));
    expect(page.entries.map((x) => [x.kind, x.action, x.recordName])).toEqual([
      ['stocktake', 'close', 'B1 › Room 101'],
      ['stocktake', 'count', 'B1 › Room 101'],
      ['stocktake', 'start', 'B1 › Room 101'],
    ]);
  });

  it('the report shows the items as they read during the stocktake, after they are edited or deleted', async () => {
    const h = await stocktakeHarness();
    const a = await h.item({ name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1', specification: '500 mL', location_id: h.loc.r101.id });
    const e = await h.item({ name: '乙腈', english_name: 'Acetonitrile', cas_number: '75-05-8', location_id: h.loc.r102.id });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${a.id}` });
    await h.ok(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${e.id}` });
    await h.ok(h.admin, 'closeStocktake', { id: st.id });
    await h.ok(h.admin, 'updateInventoryItem', { id: a.id, name: '甲醇', english_name: 'Methanol', cas_number: '67-56-1', specification: '1 L' });
    await h.ok(h.admin, 'deleteInventoryItem', { id: e.id });

    const lines = (await h.ok<StocktakeDetail>(h.guest, 'getStocktake', { id: st.id })).lines;
    expect(lines.map((l) => [l.item_id, l.name, l.english_name, l.cas_number, l.specification])).toEqual([
      [a.id, '丙酮', 'Acetone', '67-64-1', '500 mL'],
      [e.id, '乙腈', 'Acetonitrile', '75-05-8', ''],
    ]);
    const file = await h.ok<ExportDownload & { path: string }>(h.guest, 'stocktakeReport', { id: st.id, lang: 'en' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file.path);
    fs.rmSync(file.path);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push([1, 2, 3, 4].map((i) => String(row.getCell(i).value ?? ''))));
    expect(rows.filter((r) => r[0] === String(a.id) || r[0] === String(e.id))).toEqual([
      [String(a.id), '丙酮', 'Acetone', '67-64-1'],
      [String(e.id), '乙腈 (deleted)', 'Acetonitrile', '75-05-8'],
    ]);
  });
});
