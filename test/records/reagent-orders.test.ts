// Reagent-order workflow through the real dispatcher: every transition and permission, the formal
// stock-in (exactly one inventory item, idempotent), completion hooks, events and audit.
import { describe, expect, it } from 'vitest';
import type { InventoryItem, ReagentOrder } from '../../src/shared/records';
import { createHarness } from './harness';

const ethanol = { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', specification: '500mL', quantity: 2, unit_price: 35.5, brand: '国药集团', category: '有机溶剂', product_number: 'G10009218', hazardous: true, notes: '无水' };

describe('reagent orders', () => {
  it('runs pending → approved → arrived → stocked_in, creating exactly one inventory item', async () => {
    const h = createHarness();
    const order = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    expect(order).toMatchObject({ status: 'pending_approval', applicant_id: h.member.id, applicant: '张三 Alice', cas_number: '64-17-5', hazardous: true, inventory_item_id: null });
    expect((await h.ok<ReagentOrder>(h.admin, 'approveReagentOrder', { id: order.id })).status).toBe('approved');
    expect((await h.ok<ReagentOrder>(h.admin, 'arriveReagentOrder', { id: order.id })).status).toBe('arrived');
    await h.ok(h.admin, 'createLocation', { name: 'A301-2号柜' });
    h.hooks.take();
    const res = await h.ok<{ order: ReagentOrder; item: InventoryItem; alreadyStockedIn: boolean }>(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: 'A301-2号柜', unit: '瓶' });
    expect(res.alreadyStockedIn).toBe(false);
    expect(res.order).toMatchObject({ status: 'stocked_in', inventory_item_id: res.item.id });
    // 2 瓶 of specification 500mL: 1000 mL in containers of 500 mL, the bottles' word kept.
    expect(res.item).toMatchObject({ name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 1000, unit: 'mL', container_size: 500, container_label: '瓶', storage_location: 'A301-2号柜', brand: '国药集团', status: 'in_stock', source_order_id: order.id, hazardous: true });
    // Completion: both the order and the generated inventory item are synced.
    expect(h.hooks.take()).toEqual([
      { kind: 'entity', endpoint: '/reagent-orders/', id: order.id },
      { kind: 'entity', endpoint: '/inventory/', id: res.item.id },
    ]);
    expect(h.events.slice(-2)).toEqual([
      { type: 'records-changed', endpoint: '/reagent-orders/', ids: [order.id] },
      { type: 'records-changed', endpoint: '/inventory/', ids: [res.item.id] },
    ]);

    // Double click: the second stock-in returns the same item and writes nothing.
    const again = await h.ok<{ item: InventoryItem; alreadyStockedIn: boolean }>(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: 'B105-1号柜' });
    expect(again).toMatchObject({ alreadyStockedIn: true, item: { id: res.item.id, storage_location: 'A301-2号柜' } });
    expect(h.dbs.lab.prepare('SELECT count(*) AS n FROM inventory_items WHERE source_order_id = ?').get(order.id)).toEqual({ n: 1 });
    expect(h.hooks.take()).toEqual([]);

    // Audit trail of the order and of the item.
    const hist = await h.ok<Array<{ action: string; userName: string; changes: Record<string, unknown> }>>(h.member, 'getHistory', { entity_type: 'reagent_order', id: order.id });
    expect(hist.map((e) => [e.action, e.userName])).toEqual([
      ['create', '张三 Alice'],
      ['approve', 'Lab Admin'],
      ['arrive', 'Lab Admin'],
      ['stock_in', 'Lab Admin'],
    ]);
    expect(hist[1]!.changes).toEqual({ status: ['pending_approval', 'approved'] });
    expect(hist[3]!.changes).toMatchObject({ status: ['arrived', 'stocked_in'], inventory_item_id: [null, res.item.id] });
    const itemHist = await h.ok<Array<{ action: string; changes: Record<string, unknown> }>>(h.admin, 'getHistory', { entity_type: 'inventory_item', id: res.item.id });
    expect(itemHist[0]).toMatchObject({ action: 'stock_in', changes: { storage_location: [null, 'A301-2号柜'], source_order_id: [null, order.id] } });
  });

  it('a double stock-in sent at the same time still creates one item', async () => {
    const h = createHarness();
    const o = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    await h.ok(h.admin, 'approveReagentOrder', { id: o.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: o.id });
    await h.ok(h.admin, 'createLocation', { name: 'A1' });
    const [a, b] = await Promise.all([
      h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: o.id, storage_location: 'A1' }),
      h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: o.id, storage_location: 'A1' }),
    ]);
    expect(a.item.id).toBe(b.item.id);
    expect(h.dbs.lab.prepare('SELECT count(*) AS n FROM inventory_items').get()).toEqual({ n: 1 });
  });

  it('rejects with a reason, and refuses illegal transitions with conflict naming the status', async () => {
    const h = createHarness();
    const o = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    for (const [op, input] of [
      ['arriveReagentOrder', { id: o.id }],
      ['stockInReagentOrder', { id: o.id, storage_location: 'A1' }],
    ] as const) {
      const r = await h.call(h.admin, op, input);
      expect(r).toMatchObject({ ok: false, error: { code: 'conflict' } });
      if (!r.ok) expect(r.error.message).toContain('"pending_approval"');
    }
    const missingReason = await h.call(h.admin, 'rejectReagentOrder', { id: o.id });
    expect(missingReason).toMatchObject({ ok: false, error: { code: 'validation', fields: { reason: expect.objectContaining({ key: expect.any(String) }) } } });
    h.hooks.take();
    const rejected = await h.ok<ReagentOrder>(h.admin, 'rejectReagentOrder', { id: o.id, reason: '课题组已有库存' });
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: '课题组已有库存' });
    expect(h.hooks.take()).toEqual([{ kind: 'entity', endpoint: '/reagent-orders/', id: o.id }]);
    for (const [op, input] of [
      ['approveReagentOrder', { id: o.id }],
      ['rejectReagentOrder', { id: o.id, reason: 'x' }],
      ['arriveReagentOrder', { id: o.id }],
    ] as const) {
      const r = await h.call(h.admin, op, input);
      expect(r).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"rejected"') } });
    }
    const edit = await h.call(h.member, 'updateReagentOrder', { id: o.id, quantity: 3 });
    expect(edit).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"rejected"') } });
    // A rejected order may be deleted by its applicant.
    expect(await h.call(h.member, 'deleteReagentOrder', { id: o.id })).toMatchObject({ ok: true });
    const approved = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    await h.ok(h.admin, 'approveReagentOrder', { id: approved.id });
    expect(await h.call(h.admin, 'approveReagentOrder', { id: approved.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"approved"') } });
    expect(await h.call(h.admin, 'deleteReagentOrder', { id: approved.id })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('enforces who may do what', async () => {
    const h = createHarness();
    const own = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    // Public account: every write refused with forbidden, nothing written.
    for (const [op, input] of [
      ['createReagentOrder', ethanol],
      ['updateReagentOrder', { id: own.id, quantity: 5 }],
      ['deleteReagentOrder', { id: own.id }],
      ['approveReagentOrder', { id: own.id }],
      ['rejectReagentOrder', { id: own.id, reason: 'no' }],
      ['arriveReagentOrder', { id: own.id }],
      ['stockInReagentOrder', { id: own.id, storage_location: 'A1' }],
    ] as const) {
      expect(await h.call(h.guest, op, input), op).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // Public may read.
    expect(await h.call(h.guest, 'listReagentOrders', {})).toMatchObject({ ok: true, value: { total: 1 } });
    // Not logged in.
    expect(await h.call(null, 'listReagentOrders', {})).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    // Members cannot approve, reject, mark arrived or stock in.
    for (const [op, input] of [
      ['approveReagentOrder', { id: own.id }],
      ['rejectReagentOrder', { id: own.id, reason: 'x' }],
      ['arriveReagentOrder', { id: own.id }],
      ['stockInReagentOrder', { id: own.id, storage_location: 'A' }],
    ] as const) {
      expect(await h.call(h.member, op, input), op).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // Another member may neither edit nor delete someone else's order.
    expect(await h.call(h.member2, 'updateReagentOrder', { id: own.id, quantity: 5 })).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('张三 Alice') } });
    expect(await h.call(h.member2, 'deleteReagentOrder', { id: own.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // The applicant edits the pending order; an admin may too.
    const edited = await h.ok<ReagentOrder>(h.member, 'updateReagentOrder', { id: own.id, quantity: 5, notes: '加急' });
    expect(edited).toMatchObject({ quantity: 5, notes: '加急' });
    expect(await h.ok<ReagentOrder>(h.admin, 'updateReagentOrder', { id: own.id, unit_price: 40 })).toMatchObject({ unit_price: 40 });
    const hist = await h.records.history('reagent_order', own.id);
    expect(hist[1]).toMatchObject({ action: 'update', changes: { quantity: [2, 5], notes: ['无水', '加急'] } });
    expect((await h.records.reagentOrders.get(own.id)).quantity).toBe(5);
    // Once approved, not even the applicant can edit it.
    await h.ok(h.admin, 'approveReagentOrder', { id: own.id });
    expect(await h.call(h.member, 'updateReagentOrder', { id: own.id, quantity: 1 })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('validates input on the main side: field named, nothing written', async () => {
    const h = createHarness();
    const cases: Array<[unknown, string]> = [
      [{ ...ethanol, name: '' }, 'name'],
      [{ ...ethanol, name: undefined }, 'name'],
      [{ ...ethanol, quantity: -1 }, 'quantity'],
      [{ ...ethanol, quantity: 0 }, 'quantity'],
      [{ ...ethanol, quantity: 'lots' }, 'quantity'],
      // Wrong JSON types are refused, not coerced (true would become 1, [5] 5, false 0).
      [{ ...ethanol, quantity: true }, 'quantity'],
      [{ ...ethanol, quantity: [5] }, 'quantity'],
      [{ ...ethanol, quantity: '' }, 'quantity'],
      [{ ...ethanol, unit_price: false }, 'unit_price'],
      [{ ...ethanol, unit_price: -2 }, 'unit_price'],
      [{ ...ethanol, notes: 'x'.repeat(2001) }, 'notes'],
      [{ ...ethanol, name: 'x'.repeat(201) }, 'name'],
      [{ ...ethanol, status: 'approved' }, 'status'],
      [{ ...ethanol, cas_number: 'not-a-cas' }, 'cas_number'],
    ];
    for (const [input, field] of cases) {
      const r = await h.call(h.member, 'createReagentOrder', input);
      expect(r.ok, JSON.stringify(input).slice(0, 80)).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('validation');
        expect(Object.keys(r.error.fields ?? {})).toContain(field);
      }
    }
    expect(await h.call(h.admin, 'approveReagentOrder', { id: 999 })).toMatchObject({ ok: false, error: { code: 'not_found', fields: { id: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(await h.call(h.admin, 'approveReagentOrder', { id: 'abc' })).toMatchObject({ ok: false, error: { code: 'validation', fields: { id: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(await h.call(h.admin, 'approveReagentOrder', { id: true })).toMatchObject({ ok: false, error: { code: 'validation', fields: { id: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(h.dbs.lab.prepare('SELECT count(*) AS n FROM reagent_orders').get()).toEqual({ n: 0 });
    expect(h.hooks.calls).toEqual([]);
    expect(h.events).toEqual([]);
  });

  it('refuses a bad CAS check digit unless explicitly overridden, and stores the canonical form', async () => {
    const h = createHarness();
    const bad = await h.call(h.member, 'createReagentOrder', { ...ethanol, cas_number: '64-17-6' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation', fields: { cas_number: expect.objectContaining({ message: expect.stringContaining('5') }) }, details: { cas: { kind: 'bad_check_digit', canonical: '64-17-6', expected: 5 } } } });
    const kept = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { ...ethanol, cas_number: '12239-89-1', cas_override: true });
    expect(kept.cas_number).toBe('12239-89-1');
    const tolerant = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { ...ethanol, cas_number: 'CAS号：６４－１７－５' });
    expect(tolerant.cas_number).toBe('64-17-5');
    const bare = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { ...ethanol, cas_number: '7732185' });
    expect(bare.cas_number).toBe('7732-18-5');
    const unparsable = await h.call(h.member, 'createReagentOrder', { ...ethanol, cas_number: '64-177-6', cas_override: true });
    expect(unparsable).toMatchObject({ ok: false, error: { code: 'validation', fields: { cas_number: expect.objectContaining({ key: expect.any(String) }) } } });
  });

  it('a throwing completion hook neither fails nor rolls back the write', async () => {
    const h = createHarness();
    h.hooks.throwing = true;
    const o = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    await h.ok(h.admin, 'approveReagentOrder', { id: o.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: o.id });
    h.dbs.lab.prepare("INSERT INTO locations (parent_id, name, path) VALUES (NULL, 'A1', 'A1')").run();
    const res = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: o.id, storage_location: 'A1' });
    expect((await h.records.reagentOrders.get(o.id)).status).toBe('stocked_in');
    expect((await h.records.inventory.get(res.item.id)).status).toBe('in_stock');
    // The hook was still called for every action (and threw each time); events still went out.
    expect(h.hooks.calls.map((c) => c.kind === 'entity' && c.endpoint)).toEqual(['/reagent-orders/', '/reagent-orders/', '/reagent-orders/', '/reagent-orders/', '/inventory/']);
    expect(h.events.length).toBe(5);
  });

  it('calls the entity hook for create, edit, approve, arrive, reject and delete', async () => {
    const h = createHarness();
    const a = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    await h.ok(h.member, 'updateReagentOrder', { id: a.id, quantity: 4 });
    await h.ok(h.admin, 'approveReagentOrder', { id: a.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: a.id });
    const b = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    await h.ok(h.member, 'deleteReagentOrder', { id: b.id });
    const c = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', ethanol);
    await h.ok(h.admin, 'rejectReagentOrder', { id: c.id, reason: 'dup' });
    expect(h.hooks.calls).toEqual([a.id, a.id, a.id, a.id, b.id, b.id, c.id, c.id].map((id) => ({ kind: 'entity', endpoint: '/reagent-orders/', id })));
    expect((await h.records.history('reagent_order', b.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});
