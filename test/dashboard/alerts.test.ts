// Alerts of the home screen on a real lab.db: date boundaries on the lab's local day (a zone east
// of UTC, around midnight UTC), minimum stock summed across items and units, overdue borrowings,
// waiting orders for an admin and a member, and the inventory list's alert filters agreeing with
// the counts. The zone is set before any date is made (Node applies a TZ assignment at once).
process.env.TZ = 'Asia/Shanghai';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';
import type { ListResult, InventoryItem } from '../../src/shared/records';

// 2026-03-10 17:30 UTC is 2026-03-11 01:30 in Shanghai: the lab's day is the 11th, UTC's the 10th.
const NOW = new Date('2026-03-10T17:30:00Z');

async function item(h: Harness, values: Record<string, unknown>): Promise<number> {
  const it = await h.records.inventory.create(h.admin, { name: 'x', quantity: 1, unit: 'g', ...values } as never);
  return it.id;
}
const set = (h: Harness, id: number, sets: Record<string, unknown>) =>
  h.dbs.lab.prepare(`UPDATE inventory_items SET ${Object.keys(sets).map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...Object.values(sets), id);

describe('alerts on the local day', () => {
  it('expired before today, expiring from today through today + N, in the lab time zone', async () => {
    const h = createHarness();
    const yesterday = await item(h, { name: 'yesterday', expiry_date: '2026-03-10' });
    const today = await item(h, { name: 'today', expiry_date: '2026-03-11' });
    const inN = await item(h, { name: 'in 30 days', expiry_date: '2026-04-10' });
    await item(h, { name: 'in 31 days', expiry_date: '2026-04-11' });
    await item(h, { name: 'no expiry' });
    const gone = await item(h, { name: 'used up, expired', expiry_date: '2026-01-01' });
    set(h, gone, { status: 'consumed', quantity: 0 });
    const borrowedExpired = await item(h, { name: 'borrowed, expired', expiry_date: '2026-02-01' });
    set(h, borrowedExpired, { status: 'borrowed' });

    const a = await h.dashboard.alerts(h.admin, 30, NOW);
    expect(a.today).toBe('2026-03-11');
    expect(a.expired.count).toBe(2);
    expect(a.expired.items.map((i) => i.id)).toEqual([borrowedExpired, yesterday]);
    expect(a.expiring.count).toBe(2);
    expect(a.expiring.items.map((i) => i.id)).toEqual([today, inN]);

    // At 15:59 UTC it is still the 10th in Shanghai: "today" expires today, "yesterday" too.
    const before = await h.dashboard.alerts(h.admin, 30, new Date('2026-03-10T15:59:00Z'));
    expect(before.today).toBe('2026-03-10');
    expect(before.expired.count).toBe(1);
    // …and the window ends 30 days after the 10th, so "in 30 days" (of the 11th) is one day too far.
    expect(before.expiring.items.map((i) => i.name)).toEqual(['yesterday', 'today']);
    // N is the setting: with 31 days the next one counts too.
    expect((await h.dashboard.alerts(h.admin, 31, NOW)).expiring.count).toBe(3);
  });

  it('overdue borrowings: a due date before today, only items still out', async () => {
    const h = createHarness();
    const late = await item(h, { name: 'late' });
    set(h, late, { status: 'borrowed', borrowed_by: h.member.id, borrowed_at: '2026-03-01T02:00:00Z', borrow_due: '2026-03-10' });
    const dueToday = await item(h, { name: 'due today' });
    set(h, dueToday, { status: 'borrowed', borrow_due: '2026-03-11' });
    const gone = await item(h, { name: 'consumed, was due' });
    set(h, gone, { status: 'consumed', quantity: 0, borrow_due: '2026-03-01' });
    const a = await h.dashboard.alerts(h.admin, 30, NOW);
    expect(a.overdue.count).toBe(1);
    expect(a.overdue.items[0]).toMatchObject({ id: late, borrow_due: '2026-03-10', borrowed_by_name: '张三 Alice' });
  });

  it('an empty bottle still in stock (nothing left) is neither expired nor expiring, on the card and in its list', async () => {
    const h = createHarness();
    const full = await item(h, { name: '乙醚', expiry_date: '2026-03-01' });
    const empty = await item(h, { name: '乙醚', expiry_date: '2026-03-01' });
    set(h, empty, { quantity: 0 });
    const emptySoon = await item(h, { name: '丙酮', expiry_date: '2026-03-20' });
    set(h, emptySoon, { quantity: 0 });
    const a = await h.dashboard.alerts(h.admin, 30, NOW);
    expect([a.expired.count, a.expired.items.map((b) => b.id)]).toEqual([1, [full]]);
    expect(a.expiring.count).toBe(0);
    const listed = (alert: string) => h.ok<ListResult<InventoryItem>>(h.admin, 'listInventory', { alert });
    // The card's list shows what it counts (the list reads today's date, long after 2026-03-01).
    expect((await listed('expired')).rows.map((r) => r.id)).toEqual([full]);
  });

  it('a batch appears once: the containers of one name, specification, lot and date are one line with how many and where', async () => {
    const h = createHarness();
    const lot = { name: '乙醚', specification: '500 mL', lot_number: 'L2301', expiry_date: '2026-03-01' };
    const first = await item(h, { ...lot, storage_location: '危化品柜 1层' });
    await item(h, { ...lot, storage_location: '危化品柜 1层' });
    await item(h, { ...lot, storage_location: '冷库' });
    // Another lot of the same chemical, and the same lot expiring on another day, are batches of their own.
    const other = await item(h, { ...lot, lot_number: 'L2302', storage_location: '冷库' });
    const nowhere = await item(h, { ...lot, expiry_date: '2026-02-01' });
    const a = await h.dashboard.alerts(h.admin, 30, NOW);
    expect(a.expired.count).toBe(5);
    expect(a.expired.batches).toBe(3);
    expect(a.expired.items).toEqual([
      { id: nowhere, name: '乙醚', cas_number: '', specification: '500 mL', lot_number: 'L2301', expiry_date: '2026-02-01', borrow_due: null, borrowed_by_name: null, count: 1, locations: [] },
      { id: first, name: '乙醚', cas_number: '', specification: '500 mL', lot_number: 'L2301', expiry_date: '2026-03-01', borrow_due: null, borrowed_by_name: null, count: 3, locations: expect.arrayContaining(['危化品柜 1层', '冷库']) },
      expect.objectContaining({ id: other, lot_number: 'L2302', count: 1, locations: ['冷库'] }),
    ]);
    expect(a.expired.items[1]!.locations).toHaveLength(2);
    // More batches than a card names: the first five, and how many there are.
    for (let i = 0; i < 6; i++) await item(h, { name: `试剂${i}`, expiry_date: '2026-03-05' });
    const many = (await h.dashboard.alerts(h.admin, 30, NOW)).expired;
    expect([many.count, many.batches, many.items.length]).toEqual([11, 9, 5]);
  });

  it('overdue borrowings of one batch are one line per borrower', async () => {
    const h = createHarness();
    const lot = { name: '乙腈', lot_number: 'A1', storage_location: 'B105' };
    const ids = [await item(h, lot), await item(h, lot), await item(h, lot)];
    for (const [i, id] of ids.entries()) set(h, id, { status: 'borrowed', borrowed_by: i < 2 ? h.member.id : h.member2.id, borrow_due: '2026-03-01' });
    const a = (await h.dashboard.alerts(h.admin, 30, NOW)).overdue;
    expect(a.count).toBe(3);
    expect(a.items.map((b) => [b.borrowed_by_name, b.count]).sort()).toEqual([['Bob', 1], ['张三 Alice', 2]]);
  });

  it('below minimum: present items of one chemical and specification summed exactly across units', async () => {
    const h = createHarness();
    const nacl = { name: '氯化钠', cas_number: '7647-14-5', specification: 'AR' };
    // 300 g + 500 000 mg = 800 g, below the largest minimum of the group (1 kg; another item says 0.5 kg).
    await item(h, { ...nacl, quantity: 300, unit: 'g', min_stock: 500 });
    await item(h, { ...nacl, quantity: 500000, unit: 'mg' });
    // A used-up record keeps the minimum it set: running out is when the lab must reorder.
    const usedUp = await item(h, { ...nacl, quantity: 1, unit: 'kg', min_stock: 1 });
    set(h, usedUp, { quantity: 0, status: 'consumed' });
    // Another specification is another chemical.
    await item(h, { ...nacl, specification: 'GR', quantity: 5, unit: 'g' });
    // Without a CAS number the name identifies it: 0.1 L + 0.2 L = 300 mL, exactly its minimum.
    await item(h, { name: '乙醇 (自配)', quantity: 0.1, unit: 'L' });
    await item(h, { name: '乙醇 (自配)', quantity: 0.2, unit: 'L' });
    await item(h, { name: '乙醇 (自配)', quantity: 0, unit: 'mL', min_stock: 300 });

    const alerts = await h.dashboard.alerts(h.admin, 30, NOW);
    expect(alerts.belowMin.count).toBe(1);
    expect(alerts.belowMin.groups[0]).toEqual({ name: '氯化钠', cas_number: '7647-14-5', specification: 'AR', total: 0.8, min_stock: 1, unit: 'kg', unconvertible: 0 });

    // A bottle counted in 瓶 does not convert to kg: left out of the sum, and said.
    await item(h, { ...nacl, quantity: 2, unit: '瓶' });
    expect((await h.dashboard.alerts(h.admin, 30, NOW)).belowMin.groups[0]).toMatchObject({ total: 0.8, unconvertible: 1 });
    // 200 g more reaches the minimum exactly: no longer below. Sums are decimal: 0.1 mL steps add up exactly.
    await item(h, { ...nacl, quantity: 200, unit: 'g' });
    expect((await h.dashboard.alerts(h.admin, 30, NOW)).belowMin.count).toBe(0);
    for (let i = 0; i < 3; i++) await item(h, { name: '缓冲液', quantity: 0.1, unit: 'mL', min_stock: 0.3 });
    expect(await h.dashboard.belowMinGroups()).toEqual([]);
  });

  it('waiting orders: admins see every pending order, members their own pending and rejected with the reason', async () => {
    const h = createHarness();
    const r1 = await h.records.reagentOrders.create(h.member, { name: '丙酮', quantity: 1 } as never);
    const r2 = await h.records.reagentOrders.create(h.member2, { name: '甲醇', quantity: 1 } as never);
    const c1 = await h.records.consumableOrders.create(h.member, { name: '吸头', quantity: 10 } as never);
    await h.records.reagentOrders.reject(h.admin, r1.id, '重复申请');
    const admin = (await h.dashboard.alerts(h.admin, 30, NOW)).orders;
    expect(admin.scope).toBe('all');
    expect(admin.pending).toEqual({ reagent: 1, consumable: 1 });
    expect(admin.items.map((o) => [o.kind, o.id]).sort()).toEqual([['consumable', c1.id], ['reagent', r2.id]]);
    const mine = (await h.dashboard.alerts(h.member, 30, NOW)).orders;
    expect(mine).toMatchObject({ scope: 'own', pending: { reagent: 0, consumable: 1 }, rejected: { reagent: 1, consumable: 0 } });
    expect(mine.items.find((o) => o.status === 'rejected')).toMatchObject({ kind: 'reagent', id: r1.id, name: '丙酮', reject_reason: '重复申请' });
    expect(mine.items.some((o) => o.id === r2.id && o.kind === 'reagent')).toBe(false);
    expect(await h.dashboard.pendingCounts(h.member2)).toEqual({ reagent: 1, consumable: 0 });
    expect(await h.dashboard.pendingCounts(h.admin)).toEqual({ reagent: 1, consumable: 1 });
  });

  it('the inventory list filtered by an alert shows the items the card counts', async () => {
    const h = createHarness();
    const expired = await item(h, { name: '过期', expiry_date: '2000-01-01' });
    await item(h, { name: '正常', expiry_date: '2999-01-01' });
    const low = await item(h, { name: '少', cas_number: '64-17-5', quantity: 1, unit: 'mL', min_stock: 100 });
    const late = await item(h, { name: '逾期' });
    set(h, late, { status: 'borrowed', borrow_due: '2000-01-01' });
    const list = (alert: string, search = '') => h.ok<ListResult<InventoryItem>>(h.admin, 'listInventory', { alert, search });
    expect((await list('expired')).rows.map((r) => r.id)).toEqual([expired]);
    expect((await list('expired', '过期')).total).toBe(1);
    expect((await list('expired', '正常')).total).toBe(0);
    expect((await list('below_min')).rows.map((r) => r.id)).toEqual([low]);
    expect((await list('overdue')).rows.map((r) => r.id)).toEqual([late]);
    expect((await list('expiring')).total).toBe(0);
    const bad = await h.call(h.admin, 'listInventory', { alert: 'soon' });
    expect(bad.ok).toBe(false);
  });
});
