// List search with normalize_search_term: CAS in any spelling, case, full width, Chinese names,
// multi-word queries, single fields, status filter, sort, paging, and the submitted-search hook.
import { describe, expect, it } from 'vitest';
import type { InventoryItem, ListResult, ReagentOrder } from '../../src/shared/records';
import { createHarness, type Harness } from './harness';
import { sampleItems } from '../fixtures/records/sample-data';

async function seed(h: Harness) {
  for (const it of sampleItems(60)) await h.ok(h.member, 'createInventoryItem', it);
}
const names = (r: ListResult<InventoryItem>) => r.rows.map((x) => x.name);

describe('list search', () => {
  it('finds ethanol by 64175, 64-17-5, full-width ６４－１７－５, ETHANOL and 乙醇', async () => {
    const h = createHarness();
    await seed(h);
    const expected = h.dbs.lab.prepare(`SELECT count(*) AS n FROM inventory_items WHERE cas_number = '64-17-5'`).get() as { n: number };
    expect(expected.n).toBeGreaterThan(0);
    for (const q of ['64175', '64-17-5', '６４－１７－５', '64‐17‐5', '乙醇']) {
      const r = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: q });
      expect(r.total, q).toBe(expected.n);
      expect(r.rows.every((x) => x.cas_number === '64-17-5'), q).toBe(true);
    }
    // Case never matters: ETHANOL, Ethanol and ethanol give the same rows, all ethanol included
    // (plus names that contain it, such as methanol).
    const lower = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: 'ethanol', pageSize: 500 });
    for (const q of ['ETHANOL', 'Ethanol', 'ｅｔｈａｎｏｌ']) {
      const r = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: q, pageSize: 500 });
      expect(r.rows.map((x) => x.id), q).toEqual(lower.rows.map((x) => x.id));
    }
    expect(lower.rows.filter((x) => x.cas_number === '64-17-5')).toHaveLength(expected.n);
    // The cas_number field alone finds it too, the brand field does not.
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: '64175', field: 'cas_number' })).total).toBe(expected.n);
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: '64175', field: 'brand' })).total).toBe(0);
  });

  it('folds case fully: weiss finds Weiß Labortechnik, and weiß finds WEISS', async () => {
    const h = createHarness();
    await h.ok(h.member, 'createInventoryItem', { name: 'Pipettenspitzen', cas_number: '', quantity: 1, brand: 'Weiß Labortechnik' });
    await h.ok(h.member, 'createInventoryItem', { name: 'Petrischalen', cas_number: '', quantity: 1, brand: 'WEISS GmbH' });
    await h.ok(h.member, 'createInventoryItem', { name: 'Weithalsflasche', cas_number: '', quantity: 1, brand: 'Schott' });
    const q = async (search: string, field = 'all') => names(await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { search, field, sort: 'id' }));
    expect(await q('weiss')).toEqual(['Pipettenspitzen', 'Petrischalen']);
    expect(await q('Weiß')).toEqual(['Pipettenspitzen', 'Petrischalen']);
    expect(await q('WEISS LABORTECHNIK', 'brand')).toEqual(['Pipettenspitzen']);
  });

  it('multi-word queries need every word; words do not match across fields', async () => {
    const h = createHarness();
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 1, storage_location: 'A301-1号柜', brand: '国药集团' });
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 1, storage_location: 'B105-2号柜', brand: 'Sigma-Aldrich' });
    await h.ok(h.member, 'createInventoryItem', { name: '甲醇', english_name: 'Methanol', cas_number: '67-56-1', quantity: 1, storage_location: 'A301-1号柜', brand: '国药集团' });
    const q = async (search: string, field = 'all') => names(await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { search, field, sort: 'id' }));
    expect(await q('乙醇 A301')).toEqual(['乙醇']);
    expect(await q('乙醇　sigma')).toEqual(['乙醇']); // full-width space between words
    expect(await q('醇 国药')).toEqual(['乙醇', '甲醇']);
    expect(await q('乙醇 甲醇')).toEqual([]);
    expect(await q('a301', 'storage_location')).toEqual(['乙醇', '甲醇']);
    expect(await q('SIGMA ALDRICH', 'brand')).toEqual(['乙醇']);
    // "国药集团A301" would only match if the two fields were glued together.
    expect(await q('集团a301')).toEqual([]);
  });

  it('filters by status, sorts by any column, pages, and refuses unknown values', async () => {
    const h = createHarness();
    await seed(h);
    const all = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { pageSize: 500 });
    expect(all.total).toBe(60);
    const first = all.rows[0]!;
    await h.ok(h.member, 'borrowInventoryItem', { id: first.id });
    const borrowed = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { status: 'borrowed' });
    expect(borrowed.rows.map((r) => r.id)).toEqual([first.id]);
    const byQty = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: '-quantity', pageSize: 500 });
    const qs = byQty.rows.map((r) => r.quantity);
    expect(qs).toEqual([...qs].sort((a, b) => b - a));
    const p1 = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'name', page: 1, pageSize: 25 });
    const p3 = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { sort: 'name', page: 3, pageSize: 25 });
    expect(p1.rows).toHaveLength(25);
    expect(p3.rows).toHaveLength(10);
    expect(new Set([...p1.rows, ...p3.rows].map((r) => r.id)).size).toBe(35);
    // Over HTTP query values arrive as text: the same schema coerces them.
    expect((await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { page: '2', pageSize: '10' })).rows).toHaveLength(10);
    for (const bad of [{ sort: 'password_hash' }, { status: 'lost' }, { field: 'notes' }, { pageSize: 100000 }, { page: 0 }]) {
      const r = await h.call(h.member, 'listInventory', bad);
      expect(r, JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'validation', fields: { [Object.keys(bad)[0]!]: expect.objectContaining({ key: expect.any(String) }) } } });
    }
  });

  it('searches orders by applicant and category; sort by applicant', async () => {
    const h = createHarness();
    await h.ok(h.member, 'createReagentOrder', { name: '丙酮', cas_number: '67-64-1', quantity: 1, category: '有机溶剂' });
    await h.ok(h.member2, 'createReagentOrder', { name: '盐酸', cas_number: '7647-01-0', quantity: 1, category: '酸碱' });
    const r = await h.ok<ListResult<ReagentOrder>>(h.member, 'listReagentOrders', { search: 'alice', field: 'applicant' });
    expect(r.rows.map((x) => x.name)).toEqual(['丙酮']);
    expect((await h.ok<ListResult<ReagentOrder>>(h.member, 'listReagentOrders', { search: '张三' })).total).toBe(1);
    expect((await h.ok<ListResult<ReagentOrder>>(h.member, 'listReagentOrders', { search: '酸碱', field: 'category' })).rows.map((x) => x.name)).toEqual(['盐酸']);
    expect((await h.ok<ListResult<ReagentOrder>>(h.member, 'listReagentOrders', { sort: 'applicant' })).rows.map((x) => x.applicant)).toEqual(['Bob', '张三 Alice']);
    expect((await h.ok<ListResult<{ name: string }>>(h.member, 'listConsumableOrders', { search: 'x', field: 'communication' })).total).toBe(0);
  });

  it('records a submitted all-field search once through the completion hook, and only then', async () => {
    const h = createHarness();
    await h.ok(h.member, 'listInventory', { search: '乙醇' });
    await h.ok(h.member, 'listInventory', { search: '乙醇', field: 'name', submitted: true });
    await h.ok(h.member, 'listInventory', { search: '  ', submitted: true });
    expect(h.hooks.calls).toEqual([]);
    await h.ok(h.member, 'listInventory', { search: '乙醇 A301', submitted: 'true' });
    await h.ok(h.member2, 'listReagentOrders', { search: '64-17-5', submitted: true });
    await h.ok(h.guest, 'listConsumableOrders', { search: '吸头', submitted: true });
    expect(h.hooks.calls).toEqual([
      { kind: 'search', userId: h.member.id, endpoint: '/inventory/', field: 'all', query: '乙醇 A301' },
      { kind: 'search', userId: h.member2.id, endpoint: '/reagent-orders/', field: 'all', query: '64-17-5' },
      { kind: 'search', userId: h.guest.id, endpoint: '/consumable-orders/', field: 'all', query: '吸头' },
    ]);
    h.hooks.throwing = true;
    expect(await h.call(h.member, 'listInventory', { search: '乙醇', submitted: true })).toMatchObject({ ok: true });
  });
});
