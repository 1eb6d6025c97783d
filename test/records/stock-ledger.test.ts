// The stock ledger (issue 10) through the real dispatcher, real SQLite files and real HTTP: exact
// decimal amounts, unit conversion, every action's movements and refusals (nothing changes on a
// refusal), the balance invariant over random action sequences, and two processes using one bottle.
import fs from 'node:fs';
import Big from 'big.js';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import type { InventoryItem } from '../../src/shared/records';
import type { StockMovement } from '../../src/shared/stock';
import { localDay } from '../../src/shared/stock';
import { bundle, run } from '../completion/processes';
import { startTestServices, setupAdmin } from '../support/temp';
import { http } from '../support/http';

const ethanol = { name: '无水乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL', storage_location: 'A301' };

async function item(h: Harness, over: Record<string, unknown> = {}): Promise<InventoryItem> {
  return h.ok<InventoryItem>(h.member, 'createInventoryItem', { ...ethanol, ...over });
}
const movements = (h: Harness, id: number) => h.ok<StockMovement[]>(h.member, 'listMovements', { id });

/** What a refusal must leave untouched: the item, its movements and its audit entries. */
function snapshot(h: Harness, id: number) {
  const db = h.dbs.lab;
  return {
    item: db.prepare('SELECT * FROM inventory_items WHERE id = ?').get(id),
    movements: db.prepare('SELECT COUNT(*) FROM stock_movements WHERE item_id = ?').pluck().get(id),
    audit: db.prepare("SELECT COUNT(*) FROM audit_log WHERE entity_type = 'inventory_item' AND entity_id = ?").pluck().get(id),
  };
}

describe('stock ledger', () => {
  it('uses 0.1 mL three times from 500 mL: exactly 499.7 mL, one movement each, opened today', async () => {
    const h = createHarness();
    const it0 = await item(h);
    expect(it0.opened_date).toBeNull();
    let cur = it0;
    for (let i = 0; i < 3; i++) cur = await h.ok<InventoryItem>(h.member, 'useInventoryItem', { id: it0.id, amount: 0.1, unit: 'mL', note: `run ${i + 1}` });
    expect(cur.quantity).toBe(499.7);
    expect(cur.opened_date).toBe(localDay());
    expect(cur.status).toBe('in_stock');
    const ms = await movements(h, it0.id);
    expect(ms.map((m) => [m.kind, m.amount, m.delta, m.balance_after, m.reason, m.user_name])).toEqual([
      ['received', 500, 500, 500, '', '张三 Alice'],
      ['used', 0.1, -0.1, 499.9, 'run 1', '张三 Alice'],
      ['used', 0.1, -0.1, 499.8, 'run 2', '张三 Alice'],
      ['used', 0.1, -0.1, 499.7, 'run 3', '张三 Alice'],
    ]);
    // Using the rest consumes the item; the opened date stays the first use's.
    const rest = await h.ok<InventoryItem>(h.member2, 'useInventoryItem', { id: it0.id, amount: 0.4997, unit: 'L' });
    expect(rest).toMatchObject({ quantity: 0, status: 'consumed', opened_date: localDay() });
    expect((await h.records.history('inventory_item', it0.id)).map((e) => e.action)).toEqual(['create', 'use', 'use', 'use', 'use']);
  });

  it('converts mg/g/kg and µL/mL/L to the item unit, refuses across dimensions naming both units', async () => {
    const h = createHarness();
    const nacl = await item(h, { name: 'NaCl', cas_number: '7647-14-5', quantity: 1, unit: 'kg' });
    await h.ok(h.member, 'useInventoryItem', { id: nacl.id, amount: 250, unit: 'g' });
    await h.ok(h.member, 'useInventoryItem', { id: nacl.id, amount: 500, unit: 'mg' });
    expect((await h.ok<InventoryItem>(h.member, 'getInventoryItem', { id: nacl.id })).quantity).toBe(0.7495);
    const buffer = await item(h, { quantity: 2, unit: 'L' });
    await h.ok(h.member, 'useInventoryItem', { id: buffer.id, amount: 1, unit: 'mL' });
    await h.ok(h.member, 'useInventoryItem', { id: buffer.id, amount: 250, unit: 'µL' });
    await h.ok(h.member, 'useInventoryItem', { id: buffer.id, amount: 250, unit: 'ul' });
    expect((await h.ok<InventoryItem>(h.member, 'getInventoryItem', { id: buffer.id })).quantity).toBe(1.9985);
    const before = snapshot(h, buffer.id);
    const r = await h.call(h.member, 'useInventoryItem', { id: buffer.id, amount: 1, unit: 'g' });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', fields: { unit: { key: 'stock.unitNotConvertible', params: { unit: 'g', itemUnit: 'L' } } } } });
    expect(!r.ok && r.error.fields!.unit!.message).toBe('g cannot be converted to L');
    expect(snapshot(h, buffer.id)).toEqual(before);
  });

  it('refuses every bad input with a 400 naming the field, and changes nothing', async () => {
    const h = createHarness();
    const it0 = await item(h);
    await h.ok(h.member, 'useInventoryItem', { id: it0.id, amount: 100, unit: 'mL' });
    const before = snapshot(h, it0.id);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['useInventoryItem', { amount: 0, unit: 'mL' }, 'amount'],
      ['useInventoryItem', { amount: -1, unit: 'mL' }, 'amount'],
      ['useInventoryItem', { amount: 'NaN', unit: 'mL' }, 'amount'],
      ['useInventoryItem', { amount: 'abc', unit: 'mL' }, 'amount'],
      ['useInventoryItem', { amount: 0.0000001, unit: 'mL' }, 'amount'],
      ['useInventoryItem', { amount: 400.5, unit: 'mL' }, 'amount'],
      ['useInventoryItem', { amount: 1, unit: 'L' }, 'amount'],
      ['useInventoryItem', { amount: 1, unit: 'g' }, 'unit'],
      ['useInventoryItem', { amount: 1, unit: '瓶' }, 'unit'],
      ['useInventoryItem', { amount: 1, unit: 'furlong' }, 'unit'],
      // 0.0001 µL is 0.0000001 mL: more decimals than an amount keeps
      ['useInventoryItem', { amount: 0.0001, unit: 'µL' }, 'amount'],
      ['borrowInventoryItem', { amount: 401 }, 'amount'],
      ['borrowInventoryItem', { amount: 10, due_date: '2026/12/01' }, 'due_date'],
      ['borrowInventoryItem', { amount: 10, due_date: '2026-02-30' }, 'due_date'],
      ['disposeInventoryItem', { amount: 10 }, 'reason'],
      ['disposeInventoryItem', { amount: 10, reason: '  ' }, 'reason'],
      ['disposeInventoryItem', { amount: 500, reason: 'spilt' }, 'amount'],
      ['disposeInventoryItem', { amount: 5, unit: 'kg', reason: 'spilt' }, 'unit'],
      ['splitInventoryItem', { amount: 400 }, 'amount'],
      ['splitInventoryItem', { containers: 1 }, 'containers'],
      ['splitInventoryItem', {}, 'amount'],
      ['updateInventoryItem', { unit: 'g' }, 'unit'],
      ['updateInventoryItem', { quantity: -2 }, 'quantity'],
    ];
    for (const [op, input, field] of cases) {
      const r = await h.call(h.member, op, { id: it0.id, ...input });
      expect(r, `${op} ${JSON.stringify(input)}`).toMatchObject({ ok: false, error: { code: 'validation', fields: { [field]: expect.objectContaining({ key: expect.any(String) }) } } });
      expect(snapshot(h, it0.id), `${op} ${JSON.stringify(input)}`).toEqual(before);
    }
    // Adjust is for administrators; a stocktake needs its reason.
    expect(await h.call(h.member, 'adjustInventoryItem', { id: it0.id, amount: 1, unit: 'mL', reason: 'count' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.admin, 'adjustInventoryItem', { id: it0.id, amount: 1, unit: 'mL' })).toMatchObject({ ok: false, error: { fields: { reason: expect.anything() } } });
    expect(snapshot(h, it0.id)).toEqual(before);
    // Wrong status is a conflict, as before.
    await h.ok(h.member, 'consumeInventoryItem', { id: it0.id });
    expect(await h.call(h.member, 'useInventoryItem', { id: it0.id, amount: 1, unit: 'mL' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('borrows an amount with a due date, takes back less, records the rest as used; only the borrower returns', async () => {
    const h = createHarness();
    const it0 = await item(h);
    const borrowed = await h.ok<InventoryItem>(h.member, 'borrowInventoryItem', { id: it0.id, amount: 100, unit: 'mL', due_date: '2026-12-31' });
    expect(borrowed).toMatchObject({ status: 'borrowed', borrowed_by: h.member.id, borrowed_amount: 100, borrow_due: '2026-12-31', quantity: 500 });
    expect(await h.call(h.member2, 'returnInventoryItem', { id: it0.id, amount: 10 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const before = snapshot(h, it0.id);
    expect(await h.call(h.member, 'returnInventoryItem', { id: it0.id, amount: 101 })).toMatchObject({ ok: false, error: { fields: { amount: { key: 'field.overBalance' } } } });
    expect(snapshot(h, it0.id)).toEqual(before);
    const back = await h.ok<InventoryItem>(h.member, 'returnInventoryItem', { id: it0.id, amount: 0.08, unit: 'L' });
    expect(back).toMatchObject({ status: 'in_stock', quantity: 480, borrowed_by: null, borrowed_amount: null, borrow_due: null, opened_date: localDay() });
    const ms = await movements(h, it0.id);
    expect(ms.slice(1).map((m) => [m.kind, m.amount, m.delta, m.balance_after, m.reason, m.due_date])).toEqual([
      ['borrowed', 100, 0, 500, '', '2026-12-31'],
      ['returned', 80, 0, 500, '', null],
      ['used', 20, -20, 480, 'not returned', null],
    ]);
    // Default borrow: the whole balance; default return: everything back.
    expect(await h.ok<InventoryItem>(h.member2, 'borrowInventoryItem', { id: it0.id })).toMatchObject({ borrowed_amount: 480, borrow_due: null });
    expect(await h.ok<InventoryItem>(h.admin, 'returnInventoryItem', { id: it0.id })).toMatchObject({ status: 'in_stock', quantity: 480 });
  });

  it('a part disposed of while borrowed: what is out is capped at what is left, so the return never goes below zero', async () => {
    const h = createHarness();
    const it0 = await item(h, { quantity: 100 });
    await h.ok(h.member, 'borrowInventoryItem', { id: it0.id });
    expect(await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { id: it0.id, amount: 60, unit: 'mL', reason: 'spilt' })).toMatchObject({ status: 'borrowed', quantity: 40, borrowed_amount: 40 });
    // 10 of the 40 left come back; 30 count as used — not 90 of a 100 that is no longer there.
    expect(await h.ok<InventoryItem>(h.member, 'returnInventoryItem', { id: it0.id, amount: 10 })).toMatchObject({ status: 'in_stock', quantity: 10 });
    expect((await movements(h, it0.id)).slice(1).map((m) => [m.kind, m.amount, m.delta, m.balance_after])).toEqual([
      ['borrowed', 100, 0, 100],
      ['disposed', 60, -60, 40],
      ['returned', 10, 0, 40],
      ['used', 30, -30, 10],
    ]);
    // A part borrowed out of a larger balance keeps its amount while the rest covers the disposal.
    await h.ok(h.member, 'borrowInventoryItem', { id: it0.id, amount: 2 });
    expect(await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { id: it0.id, amount: 5, unit: 'mL', reason: 'spilt' })).toMatchObject({ quantity: 5, borrowed_amount: 2 });
  });

  it('a unit-only edit while borrowed converts what is out with the balance', async () => {
    const h = createHarness();
    const it0 = await item(h);
    await h.ok(h.member, 'borrowInventoryItem', { id: it0.id, amount: 100, unit: 'mL' });
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: it0.id, unit: 'L' })).toMatchObject({ quantity: 0.5, unit: 'L', borrowed_amount: 0.1, status: 'borrowed' });
    expect(await h.ok<InventoryItem>(h.member, 'returnInventoryItem', { id: it0.id, amount: 80, unit: 'mL' })).toMatchObject({ quantity: 0.48, status: 'in_stock', borrowed_amount: null });
  });

  it('disposes part or all with a reason; adjusts by stocktake with a signed delta; splits containers to another location', async () => {
    const h = createHarness();
    const it0 = await item(h, { quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶', lot_number: 'L-42', expiry_date: '2027-06-30' });
    expect(await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { id: it0.id, amount: 0.1, unit: 'kg', reason: 'spilt' })).toMatchObject({ quantity: 1400, status: 'in_stock' });
    expect(await h.ok<InventoryItem>(h.admin, 'adjustInventoryItem', { id: it0.id, amount: 1412.5, unit: 'g', reason: 'stocktake' })).toMatchObject({ quantity: 1412.5 });
    expect(await h.ok<InventoryItem>(h.admin, 'adjustInventoryItem', { id: it0.id, amount: 1.4, unit: 'kg', reason: 'stocktake' })).toMatchObject({ quantity: 1400 });
    const loc = h.dbs.lab.prepare("INSERT INTO locations (name, path) VALUES ('B105', 'B105')").run().lastInsertRowid;
    const { item: rest, newItem } = await h.ok<{ item: InventoryItem; newItem: InventoryItem }>(h.member, 'splitInventoryItem', { id: it0.id, containers: 1, location_id: Number(loc), note: 'for lab B' });
    expect(rest).toMatchObject({ quantity: 900, storage_location: 'A301' });
    expect(newItem).toMatchObject({ quantity: 500, unit: 'g', container_size: 500, container_label: '瓶', lot_number: 'L-42', expiry_date: '2027-06-30', storage_location: 'B105', status: 'in_stock' });
    const ms = await movements(h, it0.id);
    expect(ms.slice(1).map((m) => [m.kind, m.delta, m.balance_after, m.reason, m.related_item_id])).toEqual([
      ['disposed', -100, 1400, 'spilt', null],
      ['adjusted', 12.5, 1412.5, 'stocktake', null],
      ['adjusted', -12.5, 1400, 'stocktake', null],
      ['split', -500, 900, 'for lab B', newItem.id],
    ]);
    expect((await movements(h, newItem.id)).map((m) => [m.kind, m.delta, m.balance_after, m.related_item_id, m.to_location])).toEqual([['split', 500, 500, it0.id, 'B105']]);
    const all = await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { id: newItem.id, reason: 'expired' });
    expect(all).toMatchObject({ status: 'disposed', quantity: 0 });
  });

  it('an edit of the quantity writes an adjusted movement; a unit edit converts within the dimension', async () => {
    const h = createHarness();
    const it0 = await item(h);
    await h.ok(h.member, 'updateInventoryItem', { id: it0.id, quantity: 450 });
    const asL = await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: it0.id, unit: 'L' });
    expect(asL).toMatchObject({ quantity: 0.45, unit: 'L' });
    const ms = await movements(h, it0.id);
    expect(ms.slice(1).map((m) => [m.kind, m.delta, m.unit, m.balance_after, m.reason])).toEqual([
      ['adjusted', -50, 'mL', 450, 'edited'],
      ['adjusted', 0, 'L', 0.45, 'edited'],
    ]);
    // An edit that leaves the amount alone writes no movement.
    await h.ok(h.member, 'updateInventoryItem', { id: it0.id, quantity: 0.45, unit: 'L', brand: 'Sigma' });
    expect(await movements(h, it0.id)).toHaveLength(3);
  });

  it('a note or unit spelled like a built-in object property (constructor, toString, __proto__) stays plain text in the ledger and its export', async () => {
    // Found by the bad-input fuzz (seed 440140954): a disposal note "constructor" looked up the
    // reason words' own prototype and the ledger export failed with a 500.
    const h = createHarness();
    for (const word of ['constructor', 'toString', '__proto__']) {
      const it0 = await item(h, { quantity: 3, unit: word });
      expect(it0.unit).toBe(word);
      expect(await h.ok<InventoryItem>(h.member, 'useInventoryItem', { id: it0.id, amount: 1, unit: word, note: word })).toMatchObject({ quantity: 2 });
      expect(await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { id: it0.id, reason: word })).toMatchObject({ quantity: 0, status: 'disposed' });
      for (const lang of ['en', 'zh-CN'] as const) {
        const file = await h.ok<{ path: string }>(h.member, 'exportMovements', { id: it0.id, format: 'csv', lang });
        const rows = fs.readFileSync(file.path, 'utf8').split('\r\n');
        expect(rows.slice(2)).toEqual([expect.stringContaining(`,−1 ${word},2 ${word},${word},`), expect.stringContaining(`,−2 ${word},0 ${word},${word},`)]);
      }
    }
  });

  it('lists a deleted item\'s ledger; an id that never existed is not found', async () => {
    const h = createHarness();
    const it0 = await item(h);
    await h.ok(h.member, 'useInventoryItem', { id: it0.id, amount: 1, unit: 'mL' });
    await h.ok(h.admin, 'deleteInventoryItem', { id: it0.id });
    expect((await movements(h, it0.id)).map((m) => m.kind)).toEqual(['received', 'used']);
    expect(await h.call(h.member, 'listMovements', { id: 9999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('any sequence of valid actions keeps balance = received − used − disposed ± adjustments, exactly, never negative', async () => {
    const h = createHarness();
    const amount = fc.integer({ min: 1, max: 300_000 }).map((n) => new Big(n).div(1000));
    const action = fc.oneof(
      fc.record({ op: fc.constant('use' as const), amount }),
      fc.record({ op: fc.constant('borrow' as const), amount, back: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ op: fc.constant('dispose' as const), amount }),
      fc.record({ op: fc.constant('adjust' as const), amount }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 500_000 }).map((n) => new Big(n).div(1000)), fc.array(action, { maxLength: 12 }), async (start, actions) => {
        const it0 = await item(h, { quantity: Number(start.toFixed()) });
        let balance = start;
        let done = false;
        for (const a of actions) {
          if (done) break;
          const amt = Number(a.amount.toFixed());
          if (a.op === 'adjust') {
            await h.ok(h.admin, 'adjustInventoryItem', { id: it0.id, amount: amt, unit: 'mL', reason: 'count' });
            balance = a.amount;
            continue;
          }
          const fits = a.amount.lte(balance);
          if (a.op === 'use') {
            const r = await h.call(h.member, 'useInventoryItem', { id: it0.id, amount: amt, unit: 'mL' });
            expect(r.ok).toBe(fits);
            if (fits) balance = balance.minus(a.amount);
          } else if (a.op === 'dispose') {
            const r = await h.call(h.member, 'disposeInventoryItem', { id: it0.id, amount: amt, unit: 'mL', reason: 'waste' });
            expect(r.ok).toBe(fits);
            if (fits) balance = balance.minus(a.amount);
            if (fits && balance.eq(0)) {
              // disposing of everything that is left disposes of the item (not "used up")
              expect((await h.records.inventory.get(it0.id)).status).toBe('disposed');
              done = true;
              continue;
            }
          } else {
            const r = await h.call(h.member, 'borrowInventoryItem', { id: it0.id, amount: amt, unit: 'mL', due_date: '2030-01-01' });
            expect(r.ok).toBe(fits);
            if (!fits) continue;
            const back = a.amount.times(a.back).div(100).round(3, Big.roundDown);
            await h.ok(h.member, 'returnInventoryItem', back.eq(0) ? { id: it0.id, amount: amt } : { id: it0.id, amount: Number(back.toFixed()), unit: 'mL' });
            if (!back.eq(0)) balance = balance.minus(a.amount.minus(back));
          }
          const now = await h.records.inventory.get(it0.id);
          // at zero the item is consumed (only a stocktake brings it back)
          expect(now.status === 'consumed').toBe(balance.eq(0));
        }
        const final = await h.records.inventory.get(it0.id);
        expect(new Big(final.quantity).eq(balance)).toBe(true);
        expect(balance.gte(0)).toBe(true);
        const ms = await movements(h, it0.id);
        const by = (k: string) => ms.filter((m) => m.kind === k).reduce((s, m) => s.plus(m.amount), new Big(0));
        const adjustments = ms.filter((m) => m.kind === 'adjusted').reduce((s, m) => s.plus(m.delta), new Big(0));
        expect(by('received').minus(by('used')).minus(by('disposed')).plus(adjustments).eq(balance)).toBe(true);
        expect(ms.reduce((s, m) => s.plus(m.delta), new Big(0)).eq(balance)).toBe(true);
        expect(ms.every((m) => m.balance_after >= 0)).toBe(true);
        expect(new Big(ms.at(-1)!.balance_after).eq(balance)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('two processes using one bottle at once never drive it below zero', { timeout: 120_000 }, async () => {
    const h = createHarness();
    const it0 = await item(h, { quantity: 8 });
    const worker = bundle('test/records/stock-use-worker.ts');
    const file = h.dbs.lab.name;
    // 2 × 1500 uses of 0.003 mL want 9 mL from 8 mL: exactly 2666 fit (7.998 mL), the rest must be
    // refused. Both start at the same moment so their transactions interleave.
    const startAt = String(Date.now() + 1500);
    const results = await Promise.all([h.member, h.member2].map((u) => run(worker, [file, String(it0.id), '1500', '0.003', String(u.id), startAt])));
    const counts = results.map((r) => {
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { used: number; refused: number };
    });
    expect(counts[0]!.used + counts[1]!.used).toBe(2666);
    expect(counts[0]!.refused + counts[1]!.refused).toBe(334);
    // both really ran at once: each got some of the bottle
    expect(Math.min(counts[0]!.used, counts[1]!.used)).toBeGreaterThan(0);
    const final = await h.records.inventory.get(it0.id);
    expect(final.quantity).toBe(0.002);
    const ms = await movements(h, it0.id);
    expect(ms.filter((m) => m.kind === 'used')).toHaveLength(2666);
    expect(ms.every((m) => m.balance_after >= 0)).toBe(true);
    expect(ms.reduce((s, m) => s.plus(m.delta), new Big(0)).toFixed()).toBe('0.002');
  });
});

describe('stock ledger over HTTP', () => {
  it('POST /api/inventory/:id/use and GET /api/inventory/:id/movements (and its export)', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const alice = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;
    const created = await http(base, 'POST', '/api/inventory', ethanol, alice);
    const id = created.json.id as number;
    const used = await http(base, 'POST', `/api/inventory/${id}/use`, { amount: 0.1, unit: 'mL', note: 'HPLC' }, alice);
    expect(used).toMatchObject({ status: 200, json: { quantity: 499.9, status: 'in_stock' } });
    const over = await http(base, 'POST', `/api/inventory/${id}/use`, { amount: 600, unit: 'mL' }, alice);
    expect(over).toMatchObject({ status: 400, json: { error: { code: 'validation', fields: { amount: { key: 'field.overBalance', params: { balance: '499.9', unit: 'mL' } } } } } });
    const badUnit = await http(base, 'POST', `/api/inventory/${id}/use`, { amount: '1', unit: 'kg' }, alice);
    expect(badUnit).toMatchObject({ status: 400, json: { error: { fields: { unit: { params: { unit: 'kg', itemUnit: 'mL' } } } } } });
    const list = await http(base, 'GET', `/api/inventory/${id}/movements`, undefined, alice);
    expect(list.status).toBe(200);
    expect((list.json as unknown as StockMovement[]).map((m) => [m.kind, m.amount, m.balance_after, m.reason, m.user_name])).toEqual([
      ['received', 500, 500, '', '张三'],
      ['used', 0.1, 499.9, 'HPLC', '张三'],
    ]);
    const csv = await fetch(`${base}/api/inventory/${id}/movements/export?format=csv&lang=en`, { headers: { 'x-lab-client': '1', cookie: alice } });
    expect(csv.status).toBe(200);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('When,Who,Movement,Amount,Balance after,Reason / note,Purpose,Due back,Order');
    expect(text).toContain('Used,−0.1 mL,499.9 mL,HPLC');
    const zh = await fetch(`${base}/api/inventory/${id}/movements/export?format=csv&lang=zh-CN`, { headers: { 'x-lab-client': '1', cookie: alice } });
    expect(await zh.text()).toContain('入库,500 mL,500 mL');
    const xlsx = await fetch(`${base}/api/inventory/${id}/movements/export?format=xlsx&lang=en`, { headers: { 'x-lab-client': '1', cookie: alice } });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).values).toEqual([undefined, expect.any(String), '张三', 'Used', '−0.1 mL', '499.9 mL', 'HPLC']);
    expect((await http(base, 'GET', '/api/inventory/4242/movements', undefined, alice)).status).toBe(404);
  });
});
