// Inventory items through the real dispatcher: create, edit, delete, borrow, return, consume,
// dispose — permissions, conflicts, audit, hooks and events.
import { describe, expect, it } from 'vitest';
import type { InventoryItem } from '../../src/shared/records';
import { createHarness } from './harness';

const acetone = { name: '丙酮', english_name: 'Acetone', cas_number: '67641', specification: '500mL', quantity: 3, unit: '瓶', storage_location: 'A301-1号柜', brand: '国药集团', category: '有机溶剂', product_number: 'G10000418', hazardous: true };

describe('inventory', () => {
  it('create, edit, borrow, return, consume, dispose and delete: statuses, audit, hooks, events', async () => {
    const h = createHarness();
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    expect(item).toMatchObject({ status: 'in_stock', cas_number: '67-64-1', created_by: h.member.id, created_by_name: '张三 Alice', hazardous: true });
    const edited = await h.ok<InventoryItem>(h.member2, 'updateInventoryItem', { id: item.id, storage_location: 'B105-2号柜', quantity: 2 });
    expect(edited).toMatchObject({ storage_location: 'B105-2号柜', quantity: 2 });
    const borrowed = await h.ok<InventoryItem>(h.member, 'borrowInventoryItem', { id: item.id });
    expect(borrowed).toMatchObject({ status: 'borrowed', borrowed_by: h.member.id, borrowed_by_name: '张三 Alice' });
    expect(borrowed.borrowed_at).toMatch(/^\d{4}-/);
    expect(await h.call(h.member2, 'borrowInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"borrowed"') } });
    // Only the borrower or an admin returns it.
    expect(await h.call(h.member2, 'returnInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('张三 Alice') } });
    const returned = await h.ok<InventoryItem>(h.member, 'returnInventoryItem', { id: item.id });
    expect(returned).toMatchObject({ status: 'in_stock', borrowed_by: null, borrowed_at: null });
    expect(await h.call(h.member, 'returnInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"in_stock"') } });
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id });
    expect(await h.ok<InventoryItem>(h.admin, 'returnInventoryItem', { id: item.id })).toMatchObject({ status: 'in_stock' });
    expect(await h.ok<InventoryItem>(h.member, 'consumeInventoryItem', { id: item.id })).toMatchObject({ status: 'consumed' });
    expect(await h.call(h.member, 'borrowInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"consumed"') } });
    // Disposal names its reason.
    expect(await h.call(h.member, 'disposeInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'validation', fields: { reason: expect.anything() } } });
    expect(await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { id: item.id, reason: 'empty bottle' })).toMatchObject({ status: 'disposed' });
    expect(await h.call(h.member, 'consumeInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"disposed"') } });
    // Delete is for administrators.
    expect(await h.call(h.member, 'deleteInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.admin, 'deleteInventoryItem', { id: item.id })).toMatchObject({ ok: true });
    expect(await h.call(h.admin, 'getInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    const hist = await h.records.history('inventory_item', item.id);
    expect(hist.map((e) => e.action)).toEqual(['create', 'update', 'borrow', 'return', 'borrow', 'return', 'consume', 'dispose', 'delete']);
    expect(hist[1]!.changes).toEqual({ quantity: [3, 2], storage_location: ['A301-1号柜', 'B105-2号柜'] });
    expect(hist[1]!.userName).toBe('Bob');
    expect(hist[2]!.changes).toMatchObject({ status: ['in_stock', 'borrowed'], borrowed_by: [null, '张三 Alice'] });
    const n = hist.length;
    expect(h.hooks.calls).toEqual(Array.from({ length: n }, () => ({ kind: 'entity', endpoint: '/inventory/', id: item.id })));
    expect(h.events).toEqual(Array.from({ length: n }, () => ({ type: 'records-changed', endpoint: '/inventory/', ids: [item.id] })));
  });

  it('the public account can read but every write is forbidden and nothing changes', async () => {
    const h = createHarness();
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    h.hooks.take();
    for (const [op, input] of [
      ['createInventoryItem', acetone],
      ['updateInventoryItem', { id: item.id, quantity: 1 }],
      ['deleteInventoryItem', { id: item.id }],
      ['borrowInventoryItem', { id: item.id }],
      ['returnInventoryItem', { id: item.id }],
      ['consumeInventoryItem', { id: item.id }],
      ['disposeInventoryItem', { id: item.id, reason: 'expired' }],
      ['importUpload', { fileName: 'a.csv', chunk: '', last: true }],
    ] as const) {
      expect(await h.call(h.guest, op, input), op).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await h.ok(h.guest, 'getInventoryItem', { id: item.id })).toMatchObject({ quantity: 3, status: 'in_stock' });
    expect(await h.ok(h.guest, 'getHistory', { entity_type: 'inventory_item', id: item.id })).toHaveLength(1);
    expect(h.hooks.calls).toEqual([]);
  });

  it('validates: negative quantity, overlong text, unknown fields, wrong types, missing ids', async () => {
    const h = createHarness();
    const cases: Array<[string, unknown, string]> = [
      ['createInventoryItem', { ...acetone, quantity: -1 }, 'quantity'],
      ['createInventoryItem', { ...acetone, storage_location: 'x'.repeat(201) }, 'storage_location'],
      ['createInventoryItem', { ...acetone, hazardous: 'maybe' }, 'hazardous'],
      ['createInventoryItem', { ...acetone, status: 'borrowed' }, 'status'],
      ['createInventoryItem', { ...acetone, cas_number: '50-00-1' }, 'cas_number'],
      ['updateInventoryItem', { id: 1, quantity: 'abc' }, 'quantity'],
      ['updateInventoryItem', { id: 1, name: '' }, 'name'],
      ['borrowInventoryItem', { id: -4 }, 'id'],
    ];
    for (const [op, input, field] of cases) {
      const r = await h.call(h.member, op, input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.error.code, Object.keys(r.error.fields ?? {})], `${op} ${field}`).toEqual(['validation', expect.arrayContaining([field])]);
    }
    expect(await h.call(h.member, 'updateInventoryItem', { id: 77, quantity: 1 })).toMatchObject({ ok: false, error: { code: 'not_found', fields: { id: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(await h.call(h.member, 'getHistory', { entity_type: 'inventory_item', id: 77 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(h.dbs.lab.prepare('SELECT count(*) AS n FROM inventory_items').get()).toEqual({ n: 0 });
    expect(h.hooks.calls).toEqual([]);
  });

  it('a throwing completion hook does not fail or roll back inventory writes', async () => {
    const h = createHarness();
    h.hooks.throwing = true;
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id });
    expect((await h.records.inventory.get(item.id)).status).toBe('borrowed');
    expect(h.hooks.calls).toHaveLength(2);
  });

  it('reports duplicates by CAS or product number + brand, with location, status and who ordered when', async () => {
    const h = createHarness();
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', acetone);
    const order = await h.ok<{ id: number }>(h.member2, 'createReagentOrder', { name: '丙酮', cas_number: '67-64-1', quantity: 1, brand: 'Sigma-Aldrich', product_number: '179124' });
    const byCas = await h.ok<{ inventory: unknown[]; orders: unknown[] }>(h.member, 'checkDuplicates', { cas_number: '６７－６４－１' });
    expect(byCas.inventory).toEqual([expect.objectContaining({ id: item.id, storage_location: 'A301-1号柜', status: 'in_stock', matched_by: 'cas_number' })]);
    expect(byCas.orders).toEqual([expect.objectContaining({ id: order.id, status: 'pending_approval', applicant: 'Bob', created_at: expect.any(String), matched_by: 'cas_number' })]);
    const byProduct = await h.ok<{ inventory: unknown[]; orders: unknown[] }>(h.member, 'checkDuplicates', { product_number: '179124', brand: 'sigma-aldrich' });
    expect(byProduct).toEqual({ inventory: [], orders: [expect.objectContaining({ id: order.id, matched_by: 'product_number' })] });
    expect(await h.ok(h.member, 'checkDuplicates', { cas_number: '64-17-5' })).toEqual({ inventory: [], orders: [] });
    // Finished records are no longer duplicates.
    await h.ok(h.member, 'consumeInventoryItem', { id: item.id });
    await h.ok(h.admin, 'rejectReagentOrder', { id: order.id, reason: 'no budget' });
    expect(await h.ok(h.member, 'checkDuplicates', { cas_number: '67-64-1' })).toEqual({ inventory: [], orders: [] });
  });
});
