// Chart series of the home screen on a real lab.db: spending by local month and category in exact
// decimals (unpriced orders left out and counted), stock per GHS pictogram, most used chemicals
// over 90 days in one unit each. The lab's zone is east of UTC, so month ends fall at 16:00 UTC.
process.env.TZ = 'Asia/Shanghai';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';

const NOW = new Date('2026-03-31T17:00:00Z'); // 2026-04-01 01:00 in Shanghai

async function reagent(h: Harness, values: Record<string, unknown>, at: string, status = 'stocked_in'): Promise<number> {
  const o = await h.records.reagentOrders.create(h.member, { name: 'r', quantity: 1, ...values } as never);
  h.dbs.lab.prepare(`UPDATE reagent_orders SET status = ?, updated_at = ? WHERE id = ?`).run(status, at, o.id);
  return o.id;
}
async function consumable(h: Harness, values: Record<string, unknown>, at: string, status = 'completed'): Promise<number> {
  const o = await h.records.consumableOrders.create(h.member, { name: 'c', quantity: 1, ...values } as never);
  h.dbs.lab.prepare(`UPDATE consumable_orders SET status = ?, updated_at = ? WHERE id = ?`).run(status, at, o.id);
  return o.id;
}

describe('dashboard charts', () => {
  it('spending per local month and category, exact decimals, unpriced counted', async () => {
    const h = createHarness();
    // 3 × 0.1 + 0.2 = 0.5 exactly; floats would give 0.5000000000000001.
    await reagent(h, { category: '有机', quantity: 3, unit_price: 0.1 }, '2026-03-31T15:59:00Z'); // 23:59 on 31 March local
    await reagent(h, { category: '有机', quantity: 1, unit_price: 0.2 }, '2026-03-15T03:00:00Z');
    await reagent(h, { category: '有机', quantity: 2, unit_price: 99.99 }, '2026-03-31T16:00:00Z'); // 00:00 on 1 April local
    await reagent(h, { category: '无机', quantity: 1, unit_price: 10 }, '2026-03-01T00:00:00Z');
    await reagent(h, { category: '无机', quantity: 5 }, '2026-03-02T00:00:00Z'); // no price
    await reagent(h, { category: '无机', quantity: 1, unit_price: 1000 }, '2026-03-02T00:00:00Z', 'approved'); // not stocked in
    await reagent(h, { category: '无机', quantity: 1, unit_price: 1000 }, '2025-04-15T00:00:00Z'); // 12 months ago: out of the window
    await consumable(h, { quantity: 10, unit_price: 1.15 }, '2025-05-01T00:00:00Z'); // first month of the window
    await consumable(h, { quantity: 1, unit_price: 500 }, '2026-03-03T00:00:00Z', 'approved');
    await consumable(h, { quantity: 1 }, '2026-03-03T00:00:00Z'); // no price

    const c = await h.dashboard.charts(NOW);
    expect(c.months).toHaveLength(12);
    expect(c.months[0]).toBe('2025-05');
    expect(c.months[11]).toBe('2026-04');
    expect(c.unpriced).toBe(2);
    const series = (kind: string, category: string) => c.spending.find((s) => s.kind === kind && s.category === category)!.values;
    expect(series('reagent', '有机')[10]).toBe(0.5);
    expect(series('reagent', '有机')[11]).toBe(199.98);
    expect(series('reagent', '无机')[10]).toBe(10);
    expect(series('consumable', '')[0]).toBe(11.5);
    expect(series('consumable', '').slice(1).every((v) => v === 0)).toBe(true);
    // Categories by total, consumables last.
    expect(c.spending.map((s) => s.category)).toEqual(['有机', '无机', '']);
  });

  it('more than five reagent categories: the rest summed as one series', async () => {
    const h = createHarness();
    for (let i = 1; i <= 7; i++) await reagent(h, { category: `cat${i}`, quantity: 1, unit_price: i }, '2026-03-10T00:00:00Z');
    const c = await h.dashboard.charts(NOW);
    expect(c.spending.map((s) => s.category)).toEqual(['cat7', 'cat6', 'cat5', 'cat4', 'cat3', '*']);
    expect(c.spending[5]!.values[10]).toBe(3);
  });

  it('stock per pictogram counts present items; most used sums used movements per chemical in one unit', async () => {
    const h = createHarness();
    const mk = async (values: Record<string, unknown>) => (await h.records.inventory.create(h.admin, { name: 'x', quantity: 100, unit: 'g', ...values } as never)).id;
    const acetone = await mk({ name: '丙酮', cas_number: '67-64-1', unit: 'mL', ghs: ['GHS02', 'GHS07'] });
    const acetone2 = await mk({ name: 'Acetone', cas_number: '67-64-1', unit: 'L', quantity: 2, ghs: ['GHS02'] });
    const gone = await mk({ name: '苯', cas_number: '71-43-2', ghs: ['GHS02', 'GHS08'] });
    h.dbs.lab.prepare(`UPDATE inventory_items SET status = 'consumed' WHERE id = ?`).run(gone);
    const salt = await mk({ name: '氯化钠', cas_number: '7647-14-5' });
    const tips = await mk({ name: '吸头', unit: '盒' });
    const used = (item: number, amount: number, unit: string, at: string) =>
      h.dbs.lab.prepare(`INSERT INTO stock_movements (item_id, at, kind, amount, delta, unit, balance_after) VALUES (?, ?, 'used', ?, ?, ?, 0)`).run(item, at, amount, -amount, unit);
    used(acetone, 0.1, 'mL', '2026-03-30T00:00:00Z');
    used(acetone, 0.2, 'mL', '2026-03-30T00:00:00Z');
    used(acetone2, 0.5, 'L', '2026-02-01T00:00:00Z');
    used(acetone, 999, 'mL', '2026-01-01T15:59:00Z'); // the window opens at local midnight of 1 January = 2025-12-31T16:00Z
    used(acetone, 5000, 'mL', '2025-12-31T15:59:59Z'); // a second before the window
    used(salt, 20, 'g', '2026-03-01T00:00:00Z');
    used(tips, 3, '盒', '2026-03-01T00:00:00Z');
    h.dbs.lab.prepare(`INSERT INTO stock_movements (item_id, at, kind, amount, delta, unit, balance_after) VALUES (?, ?, 'disposed', 50, -50, 'g', 0)`).run(salt, '2026-03-01T00:00:00Z');

    const c = await h.dashboard.charts(NOW);
    expect(c.pictograms).toEqual([{ code: 'GHS02', count: 2 }, { code: 'GHS07', count: 1 }]);
    expect(c.usedSince).toBe('2026-01-01');
    // One chart per dimension, never mL beside g: 1499.3 mL reads 1.4993 L (exact in L).
    expect(c.mostUsed).toEqual([
      { dimension: 'mass', unit: 'g', entries: [{ name: '氯化钠', cas_number: '7647-14-5', amount: 20, unit: 'g' }] },
      { dimension: 'volume', unit: 'L', entries: [{ name: '丙酮', cas_number: '67-64-1', amount: 1.4993, unit: 'L' }] },
      { dimension: 'count', unit: '', entries: [{ name: '吸头', cas_number: '', amount: 3, unit: '盒' }] },
    ]);
  });

  it('most used: each measured chart in one unit where every amount stays exact; counts keep their word', async () => {
    const h = createHarness();
    const mk = async (values: Record<string, unknown>) => (await h.records.inventory.create(h.admin, { name: 'x', quantity: 100, unit: 'g', ...values } as never)).id;
    const used = (item: number, amount: number, unit: string) =>
      h.dbs.lab.prepare(`INSERT INTO stock_movements (item_id, at, kind, amount, delta, unit, balance_after) VALUES (?, '2026-03-01T00:00:00Z', 'used', ?, ?, ?, 0)`).run(item, amount, -amount, unit);
    const salt = await mk({ name: '氯化钠', cas_number: '7647-14-5' });
    const sugar = await mk({ name: '蔗糖', cas_number: '57-50-1' });
    const dye = await mk({ name: '溴酚蓝', cas_number: '115-39-9', unit: 'mg' });
    const ethanol = await mk({ name: '乙醇', cas_number: '64-17-5', unit: 'mL' });
    const vials = await mk({ name: '样品瓶', unit: '瓶' });
    const tips = await mk({ name: '吸头', unit: '盒' });
    used(salt, 2, 'kg');
    used(salt, 500, 'g');
    used(sugar, 3.2, 'g');
    used(dye, 0.5, 'mg');
    used(ethanol, 62.5, 'mL');
    used(vials, 5, '瓶');
    used(tips, 2, '盒');
    used(tips, 1, '盒');
    const c = await h.dashboard.charts(NOW);
    // 2.5 kg tops the mass chart, but 0.5 mg in kg would need more than six decimals: the chart is in g.
    expect(c.mostUsed[0]).toEqual({
      dimension: 'mass',
      unit: 'g',
      entries: [
        { name: '氯化钠', cas_number: '7647-14-5', amount: 2500, unit: 'g' },
        { name: '蔗糖', cas_number: '57-50-1', amount: 3.2, unit: 'g' },
        { name: '溴酚蓝', cas_number: '115-39-9', amount: 0.0005, unit: 'g' },
      ],
    });
    expect(c.mostUsed[1]).toEqual({ dimension: 'volume', unit: 'mL', entries: [{ name: '乙醇', cas_number: '64-17-5', amount: 62.5, unit: 'mL' }] });
    expect(c.mostUsed[2]).toEqual({ dimension: 'count', unit: '', entries: [{ name: '样品瓶', cas_number: '', amount: 5, unit: '瓶' }, { name: '吸头', cas_number: '', amount: 3, unit: '盒' }] });
    // Every measured chart has one unit on its axis.
    for (const chart of c.mostUsed.filter((m) => m.dimension !== 'count')) expect(new Set(chart.entries.map((e) => e.unit))).toEqual(new Set([chart.unit]));
    // Without the tiny amount the salt reads in kg.
    h.dbs.lab.prepare(`DELETE FROM stock_movements WHERE item_id = ? AND kind = 'used'`).run(dye);
    expect((await h.dashboard.charts(NOW)).mostUsed[0]).toMatchObject({ unit: 'kg', entries: [{ amount: 2.5, unit: 'kg' }, { amount: 0.0032, unit: 'kg' }] });
  });

  it('an empty lab has empty series', async () => {
    const c = await createHarness().dashboard.charts(NOW);
    expect(c).toMatchObject({ spending: [], unpriced: 0, pictograms: [], mostUsed: [] });
  });
});
