// Stocktakes (盘点) through the real dispatcher on a real lab.db: what a start expects, counting
// (a double scan counts once, two people at once, found from elsewhere, unknown ids), the close's
// review and adjustments (ledger movements with the stocktake's id, balances, not-seen set to 0 or
// kept, a second person for controlled chemicals), cancel, events, and the refusals.
import { describe, expect, it } from 'vitest';
import { stocktakeHarness, type StocktakeHarness } from './harness';
import type { ScanResult, Stocktake, StocktakeDetail, StocktakeReview } from '../../src/shared/stocktake';
import type { InventoryItem } from '../../src/shared/records';
import type { StockMovement } from '../../src/shared/stock';
import type { LabEvent } from '../../src/shared/events';
import { bundle, run } from '../completion/processes';

const scan = (h: StocktakeHarness, user: StocktakeHarness['admin'], id: number, itemId: number | string) =>
  h.ok<ScanResult>(user, 'scanStocktake', { id, payload: typeof itemId === 'number' ? `LAB1:${itemId}` : itemId });
const detail = (h: StocktakeHarness, id: number) => h.ok<StocktakeDetail>(h.guest, 'getStocktake', { id });
const ledger = (h: StocktakeHarness, id: number) => h.dbs.lab.prepare('SELECT * FROM stock_movements WHERE item_id = ? ORDER BY id').all(id) as StockMovement[];
const progressEvents = (h: StocktakeHarness) => h.events.filter((e): e is Extract<LabEvent, { type: 'stocktake-changed' }> => e.type === 'stocktake-changed');

/** Everything a refusal must leave untouched. */
const snapshot = (h: StocktakeHarness) => ({
  stocktakes: h.dbs.lab.prepare('SELECT * FROM stocktakes ORDER BY id').all(),
  lines: h.dbs.lab.prepare('SELECT * FROM stocktake_lines ORDER BY stocktake_id, item_id').all(),
  items: h.dbs.lab.prepare('SELECT id, quantity, status, location_id, storage_location FROM inventory_items ORDER BY id').all(),
  movements: h.dbs.lab.prepare('SELECT count(*) FROM stock_movements').pluck().get(),
  audit: h.dbs.lab.prepare('SELECT count(*) FROM audit_log').pluck().get(),
});

/** Room 101 (with its shelf) holds a, b, c (c borrowed); d is used up there; e is in Room 102. */
async function lab(h: StocktakeHarness) {
  const a = await h.item({ name: '丙酮', cas_number: '67-64-1', location_id: h.loc.r101.id });
  const b = await h.item({ name: '无水乙醇', location_id: h.loc.shelf.id, quantity: 1000 });
  const c = await h.item({ name: '甲醇', cas_number: '67-56-1', location_id: h.loc.shelf.id, quantity: 250 });
  await h.ok(h.member, 'borrowInventoryItem', { id: c.id });
  const d = await h.item({ name: 'NaCl', cas_number: '7647-14-5', quantity: 1, unit: 'kg', location_id: h.loc.r101.id });
  await h.ok(h.member, 'consumeInventoryItem', { id: d.id });
  const e = await h.item({ name: '乙腈', cas_number: '75-05-8', location_id: h.loc.r102.id, quantity: 4, unit: 'L' });
  return { a, b, c, d, e };
}

describe('stocktake', () => {
  it('expects the containers present in the subtree (borrowed ones too) with their amounts; lists newest first with progress', async () => {
    const h = await stocktakeHarness();
    const { a, b, c } = await lab(h);
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id, note: '季度盘点' });
    expect(st).toMatchObject({ status: 'open', location_path: 'B1 › Room 101', note: '季度盘点', started_by_name: 'Lab Admin', seen: 0, expected: 3, found: 0 });
    const d = await detail(h, st.id);
    expect(d.lines.map((l) => [l.item_id, l.expected, l.expected_amount, l.expected_unit, l.location_path, l.status]).sort()).toEqual(
      [
        [a.id, 1, 500, 'mL', 'B1 › Room 101', 'in_stock'],
        [b.id, 1, 1000, 'mL', 'B1 › Room 101 › Shelf A', 'in_stock'],
        [c.id, 1, 250, 'mL', 'B1 › Room 101 › Shelf A', 'borrowed'],
      ].sort(),
    );
    const other = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r102.id });
    expect((await h.ok<Stocktake[]>(h.guest, 'listStocktakes', {})).map((s) => [s.id, s.expected])).toEqual([[other.id, 1], [st.id, 3]]);
  });

  it('refuses an overlapping open stocktake (above or below), a missing location, and members or the public account starting one; nothing changes', async () => {
    const h = await stocktakeHarness();
    await lab(h);
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    const before = snapshot(h);
    for (const location_id of [h.loc.b1.id, h.loc.shelf.id, h.loc.r101.id]) {
      const e = await h.refused(h.admin, 'startStocktake', { location_id });
      expect(e).toMatchObject({ code: 'conflict', key: 'stocktake.overlap', params: { id: st.id, path: 'B1 › Room 101' }, fields: { location_id: { key: 'stocktake.overlapField' } } });
    }
    expect(await h.refused(h.admin, 'startStocktake', { location_id: 9999 })).toMatchObject({ code: 'validation', fields: { location_id: expect.anything() } });
    expect(await h.refused(h.admin, 'startStocktake', { location_id: 'x' })).toMatchObject({ code: 'validation', fields: { location_id: expect.anything() } });
    expect(await h.refused(h.member, 'startStocktake', { location_id: h.loc.r102.id })).toMatchObject({ code: 'forbidden' });
    expect(await h.refused(h.guest, 'scanStocktake', { id: st.id, payload: 'LAB1:1' })).toMatchObject({ code: 'forbidden' });
    expect(snapshot(h)).toEqual(before);
    // A sibling subtree does not overlap; after cancelling, the same place can be counted again.
    await h.ok(h.admin, 'startStocktake', { location_id: h.loc.r102.id });
    await h.ok(h.admin, 'cancelStocktake', { id: st.id });
    await h.ok(h.admin, 'startStocktake', { location_id: h.loc.shelf.id });
  });

  it('counts a container once however often it is scanned, by one person or two, and announces every change', async () => {
    const h = await stocktakeHarness();
    const { a, b, c } = await lab(h);
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    h.events.length = 0;
    expect(await scan(h, h.member, st.id, a.id)).toMatchObject({ result: 'seen', item_id: a.id, name: '丙酮', seen: 1, expected: 3 });
    expect(await scan(h, h.member, st.id, ` lab1:${a.id} `)).toMatchObject({ result: 'already', seen_by_name: '张三 Alice', seen: 1 });
    expect(await scan(h, h.member2, st.id, a.id)).toMatchObject({ result: 'already', seen_by_name: '张三 Alice', seen: 1 });
    // Two people scanning at once: each container counts once, whoever came first is who saw it.
    const both = await Promise.all([b.id, c.id, b.id, c.id].map((id, i) => scan(h, i % 2 ? h.member2 : h.member, st.id, id)));
    expect(both.map((r) => r.result).filter((r) => r === 'seen')).toHaveLength(2);
    const d = await detail(h, st.id);
    expect(d).toMatchObject({ seen: 3, expected: 3 });
    expect(d.lines.every((l) => l.seen_at && l.seen_by_name)).toBe(true);
    // One event per change (a repeated scan changes nothing), each with the progress after it.
    expect(progressEvents(h).map((e) => [e.id, e.seen, e.expected, e.status])).toEqual([
      [st.id, 1, 3, 'open'],
      [st.id, 2, 3, 'open'],
      [st.id, 3, 3, 'open'],
    ]);
    // A tick is a scan without the label; un-ticking makes it unseen again.
    await h.ok(h.member, 'untickStocktake', { id: st.id, item_id: b.id });
    expect(await h.ok<ScanResult>(h.member2, 'tickStocktake', { id: st.id, item_id: b.id })).toMatchObject({ result: 'seen', seen: 3 });
    expect((await detail(h, st.id)).lines.find((l) => l.item_id === b.id)).toMatchObject({ seen_by_name: 'Bob' });
  });

  it('two scanners in two processes going through the same shelf at once count every container exactly once', { timeout: 120_000 }, async () => {
    const h = await stocktakeHarness();
    const ids: number[] = [];
    const insert = h.dbs.lab.prepare(`INSERT INTO inventory_items (name, quantity, unit, status, location_id, storage_location) VALUES (?, 1, '瓶', 'in_stock', ?, ?)`);
    for (let i = 0; i < 300; i++) ids.push(Number(insert.run(`瓶 ${i}`, h.loc.shelf.id, h.loc.shelf.path).lastInsertRowid));
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.shelf.id });
    expect(st.expected).toBe(300);
    const worker = bundle('test/stocktake/scan-worker.ts');
    // Far enough ahead that both processes have started and loaded (a busy 2-core CI machine needs seconds).
    const startAt = String(Date.now() + 5000);
    // One walks the shelf left to right, the other right to left: they meet in the middle.
    const orders = [ids, [...ids].reverse()];
    const results = await Promise.all([h.member, h.member2].map((u, i) => run(worker, [h.dbs.lab.name, String(st.id), orders[i]!.join(','), String(u.id), startAt])));
    const counts = results.map((r) => {
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { seen?: number; already?: number };
    });
    expect((counts[0]!.seen ?? 0) + (counts[1]!.seen ?? 0)).toBe(300);
    expect((counts[0]!.already ?? 0) + (counts[1]!.already ?? 0)).toBe(300);
    expect(Math.min(counts[0]!.seen ?? 0, counts[1]!.seen ?? 0)).toBeGreaterThan(0);
    const d = await detail(h, st.id);
    expect(d).toMatchObject({ seen: 300, expected: 300, found: 0 });
    const by = h.dbs.lab.prepare('SELECT seen_by, count(*) AS n FROM stocktake_lines WHERE stocktake_id = ? GROUP BY seen_by ORDER BY seen_by').all(st.id) as Array<{ seen_by: number; n: number }>;
    expect(by.map((r) => r.n).sort()).toEqual([counts[0]!.seen, counts[1]!.seen].sort());
  });

  it('adds a container registered elsewhere as found; says plainly when an id is unknown, deleted or not present; refuses text that is no label', async () => {
    const h = await stocktakeHarness();
    const { d, e } = await lab(h);
    const gone = await h.item({ name: '删除的' });
    await h.ok(h.admin, 'deleteInventoryItem', { id: gone.id });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    expect(await scan(h, h.member, st.id, e.id)).toMatchObject({ result: 'found', name: '乙腈', location_path: 'B1 › Room 102', elsewhere: true, seen: 0, expected: 3 });
    expect(await scan(h, h.member, st.id, 99999)).toMatchObject({ result: 'unknown', name: null });
    expect(await scan(h, h.member, st.id, gone.id)).toMatchObject({ result: 'unknown' });
    expect(await scan(h, h.member, st.id, d.id)).toMatchObject({ result: 'not_present', status: 'consumed', name: 'NaCl' });
    // Added after the start, inside the subtree: found, but not from elsewhere.
    const late = await h.item({ name: '新到', location_id: h.loc.shelf.id });
    expect(await scan(h, h.member, st.id, late.id)).toMatchObject({ result: 'found', elsewhere: false });
    const det = await detail(h, st.id);
    expect(det).toMatchObject({ seen: 0, expected: 3, found: 2 });
    expect(det.lines.filter((l) => l.expected === 0).map((l) => l.item_id).sort()).toEqual([e.id, late.id].sort());
    const before = snapshot(h);
    for (const payload of ['ABC123', 'LAB1:', 'LAB1:-3', '']) {
      expect(await h.refused(h.member, 'scanStocktake', { id: st.id, payload })).toMatchObject({ code: 'validation', fields: { payload: expect.anything() } });
    }
    expect(await h.refused(h.member, 'scanStocktake', { id: 777, payload: 'LAB1:1' })).toMatchObject({ code: 'not_found', key: 'stocktake.noSuch' });
    expect(snapshot(h)).toEqual(before);
  });

  it('takes a counted amount in any convertible unit; refuses other units and amounts naming the field', async () => {
    const h = await stocktakeHarness();
    const { a, e } = await lab(h);
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    expect(await h.ok<Stocktake>(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 0.4125, unit: 'L' })).toMatchObject({ seen: 1 });
    expect((await detail(h, st.id)).lines.find((l) => l.item_id === a.id)).toMatchObject({ counted_amount: 412.5, counted_unit: 'mL', seen_by_name: '张三 Alice' });
    const before = snapshot(h);
    expect(await h.refused(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 3, unit: 'g' })).toMatchObject({ fields: { unit: { key: 'stock.unitNotConvertible' } } });
    expect(await h.refused(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: -1 })).toMatchObject({ fields: { amount: expect.anything() } });
    expect(await h.refused(h.member, 'countStocktake', { id: st.id, item_id: e.id, amount: 1 })).toMatchObject({ fields: { item_id: { key: 'stocktake.notOnList' } } });
    expect(snapshot(h)).toEqual(before);
  });

  it('closes: counted amounts and not-seen containers become adjusted movements with the stocktake id; kept ones stay; found ones move here; moved-since-start is shown', async () => {
    const h = await stocktakeHarness();
    const { a, b, c, e } = await lab(h);
    const f = await h.item({ name: '二氯甲烷', cas_number: '75-09-2', location_id: h.loc.r101.id, quantity: 2, unit: 'L' });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 450 });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: f.id, amount: 1.5, unit: 'L' });
    await scan(h, h.member, st.id, e.id);
    // b is used while the stocktake runs: its expected amount is out of date.
    await h.ok(h.member2, 'useInventoryItem', { id: b.id, amount: 100, unit: 'mL' });
    const review = await h.ok<StocktakeReview>(h.admin, 'reviewStocktake', { id: st.id });
    expect(review.missing.map((x) => [x.item_id, x.adjustable]).sort()).toEqual([[b.id, true], [c.id, false]].sort());
    expect(review.counted.map((x) => [x.item_id, x.balance, x.counted])).toEqual([[a.id, 500, 450], [f.id, 2, 1.5]].sort((x, y) => Number(x[0]) - Number(y[0])));
    expect(review.found.map((x) => [x.item_id, x.location_path, x.movable])).toEqual([[e.id, 'B1 › Room 102', true]]);
    expect(review.moved.map((x) => [x.item_id, x.expected_amount, x.balance])).toEqual([[b.id, 1000, 900]]);

    // Every container not seen needs a decision; a borrowed one can only be kept.
    const before = snapshot(h);
    expect(await h.refused(h.admin, 'closeStocktake', { id: st.id, missing: [{ item_id: b.id, action: 'zero' }] })).toMatchObject({ fields: { missing: { key: 'stocktake.decideMissing', params: { count: 1 } } } });
    expect(await h.refused(h.admin, 'closeStocktake', { id: st.id, missing: [{ item_id: b.id, action: 'zero' }, { item_id: c.id, action: 'zero' }] })).toMatchObject({ fields: { 'missing.1.action': { key: 'stocktake.notAdjustable' } } });
    expect(await h.refused(h.admin, 'closeStocktake', { id: st.id, missing: [{ item_id: b.id, action: 'drop' }] })).toMatchObject({ fields: { 'missing.0.action': expect.anything() } });
    expect(await h.refused(h.admin, 'closeStocktake', { id: st.id, missing: [{ item_id: b.id, action: 'zero' }, { item_id: c.id, action: 'keep' }], move: [a.id] })).toMatchObject({ fields: { 'move.0': { key: 'stocktake.notFoundLine' } } });
    expect(await h.refused(h.member, 'closeStocktake', { id: st.id, missing: [] })).toMatchObject({ code: 'forbidden' });
    expect(await h.refused(h.member, 'cancelStocktake', { id: st.id })).toMatchObject({ code: 'forbidden' });
    expect(snapshot(h)).toEqual(before);

    h.events.length = 0;
    const closed = await h.ok<Stocktake>(h.admin, 'closeStocktake', {
      id: st.id, missing: [{ item_id: b.id, action: 'zero' }, { item_id: c.id, action: 'keep' }], keep: [f.id], move: [e.id],
    });
    expect(closed).toMatchObject({ status: 'closed', closed_by_name: 'Lab Admin' });
    expect(progressEvents(h)).toEqual([{ type: 'stocktake-changed', id: st.id, seen: 2, expected: 4, status: 'closed' }]);
    expect(h.events.some((x) => x.type === 'records-changed' && x.endpoint === '/inventory/')).toBe(true);

    const get = (id: number) => h.ok<InventoryItem>(h.member, 'getInventoryItem', { id });
    expect(await get(a.id)).toMatchObject({ quantity: 450, status: 'in_stock' });
    expect(await get(b.id)).toMatchObject({ quantity: 0, status: 'consumed' });
    expect(await get(c.id)).toMatchObject({ quantity: 250, status: 'borrowed' });
    expect(await get(f.id)).toMatchObject({ quantity: 2 });
    expect(await get(e.id)).toMatchObject({ quantity: 4, location_id: h.loc.r101.id, storage_location: 'B1 › Room 101' });
    const reason = `stocktake #${st.id}`;
    expect(ledger(h, a.id).at(-1)).toMatchObject({ kind: 'adjusted', amount: 50, delta: -50, balance_after: 450, reason, stocktake_id: st.id, user_id: h.admin.id, second_user_id: null });
    expect(ledger(h, b.id).at(-1)).toMatchObject({ kind: 'adjusted', amount: 900, delta: -900, balance_after: 0, reason, stocktake_id: st.id });
    expect(ledger(h, e.id).at(-1)).toMatchObject({ kind: 'moved', from_location: 'B1 › Room 102', to_location: 'B1 › Room 101', stocktake_id: st.id, reason });
    expect(ledger(h, c.id).some((m) => m.stocktake_id)).toBe(false);
    expect(ledger(h, f.id).some((m) => m.stocktake_id)).toBe(false);
    // Balances still add up: every ledger's deltas sum to the item's quantity.
    for (const id of [a.id, b.id, c.id, e.id, f.id]) {
      const sum = ledger(h, id).reduce((s, m) => s + m.delta, 0);
      expect(Math.round(sum * 1e6) / 1e6).toBe((await get(id)).quantity);
    }
    expect((await h.records.history('inventory_item', a.id)).at(-1)).toMatchObject({ action: 'adjust', changes: { quantity: [500, 450], stocktake: [null, st.id] } });
    // The lines are kept with their outcome and the movement made.
    const lines = (await detail(h, st.id)).lines;
    expect(Object.fromEntries(lines.map((l) => [l.item_id, [l.outcome, l.adjustment_delta]]))).toEqual({
      [a.id]: ['adjusted', -50], [b.id]: ['missing', -900], [c.id]: ['kept', null], [f.id]: ['kept', null], [e.id]: ['moved', 0],
    });
    // Closed is closed.
    expect(await h.refused(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${a.id}` })).toMatchObject({ code: 'conflict', key: 'stocktake.closed' });
    expect(await h.refused(h.admin, 'closeStocktake', { id: st.id })).toMatchObject({ code: 'conflict' });
  });

  it('a controlled chemical among the adjusted items needs a second person at close, stored on its movement', async () => {
    const h = await stocktakeHarness();
    const { a, b } = await lab(h);
    h.dbs.lab.prepare(`INSERT INTO controlled_cas (category_id, cas, name) VALUES ((SELECT id FROM controlled_categories WHERE key = 'precursor'), '67-64-1', '丙酮')`).run();
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 480 });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: b.id, amount: 990 });
    const input = { id: st.id, missing: [{ item_id: (await detail(h, st.id)).lines.find((l) => !l.seen_at)!.item_id, action: 'keep' }] };
    const before = snapshot(h);
    expect(await h.refused(h.admin, 'closeStocktake', input)).toMatchObject({ fields: { 'second_person.username': { key: 'field.secondPersonRequired' } } });
    expect(await h.refused(h.admin, 'closeStocktake', { ...input, second_person: { username: 'admin', password: 'admin-pass-1' } })).toMatchObject({ fields: { 'second_person.username': { key: 'field.secondPersonSelf' } } });
    expect(await h.refused(h.admin, 'closeStocktake', { ...input, second_person: { username: 'alice', password: 'wrong-pass' } })).toMatchObject({ fields: { 'second_person.password': expect.anything() } });
    expect(snapshot(h)).toEqual(before);
    await h.ok(h.admin, 'closeStocktake', { ...input, second_person: { username: 'alice', password: 'alice-pass-1' } });
    expect(ledger(h, a.id).at(-1)).toMatchObject({ kind: 'adjusted', balance_after: 480, second_user_id: h.member.id, stocktake_id: st.id });
    // Only the controlled item's movement carries the second person.
    expect(ledger(h, b.id).at(-1)).toMatchObject({ kind: 'adjusted', balance_after: 990, second_user_id: null });
    // Keeping the controlled item's count needs nobody else.
    const st2 = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st2.id, item_id: a.id, amount: 470 });
    const missing = (await h.ok<StocktakeReview>(h.admin, 'reviewStocktake', { id: st2.id })).missing.map((m) => ({ item_id: m.item_id, action: 'keep' }));
    await h.ok(h.admin, 'closeStocktake', { id: st2.id, missing, keep: [a.id] });
    expect(ledger(h, a.id).at(-1)).toMatchObject({ balance_after: 480, stocktake_id: st.id });
  });

  it('cancel adjusts nothing and keeps the lines; a cancelled stocktake takes no more scans', async () => {
    const h = await stocktakeHarness();
    const { a, e } = await lab(h);
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 1 });
    await scan(h, h.member, st.id, e.id);
    const items = snapshot(h).items;
    const movements = snapshot(h).movements;
    h.events.length = 0;
    expect(await h.ok<Stocktake>(h.admin, 'cancelStocktake', { id: st.id })).toMatchObject({ status: 'cancelled', closed_by_name: 'Lab Admin', seen: 1, found: 1 });
    expect(progressEvents(h)).toEqual([{ type: 'stocktake-changed', id: st.id, seen: 1, expected: 3, status: 'cancelled' }]);
    expect(snapshot(h).items).toEqual(items);
    expect(snapshot(h).movements).toBe(movements);
    expect((await detail(h, st.id)).lines).toHaveLength(4);
    expect(await h.refused(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${a.id}` })).toMatchObject({ code: 'conflict', key: 'stocktake.cancelled' });
  });

  it('an empty location can still be deleted after its stocktake; the stocktake keeps the path', async () => {
    const h = await stocktakeHarness();
    const room = await h.ok<{ id: number }>(h.admin, 'createLocation', { name: 'Room 103', parent_id: h.loc.b1.id });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: room.id });
    expect(st).toMatchObject({ expected: 0 });
    await h.ok(h.admin, 'deleteLocation', { id: room.id });
    const e = await h.item({ name: '乙腈', location_id: h.loc.r102.id });
    expect(await scan(h, h.member, st.id, e.id)).toMatchObject({ result: 'found', elsewhere: true });
    expect((await h.ok<StocktakeReview>(h.admin, 'reviewStocktake', { id: st.id })).found).toMatchObject([{ item_id: e.id, movable: false }]);
    expect(await h.refused(h.admin, 'closeStocktake', { id: st.id, move: [e.id] })).toMatchObject({ fields: { 'move.0': { key: 'stocktake.notMovable' } } });
    await h.ok(h.admin, 'closeStocktake', { id: st.id });
    expect(await detail(h, st.id)).toMatchObject({ location_id: null, location_path: 'B1 › Room 103', status: 'closed', found: 1 });
  });
});
