// Consumable-order workflow: pending → approved → completed, rejected; permissions, hooks, audit.
import { describe, expect, it } from 'vitest';
import type { ConsumableOrder } from '../../src/shared/records';
import { createHarness } from './harness';

const tips = { name: '移液器吸头 200μL', specification: '96支/盒', quantity: 10, unit_price: 28, communication: '联系人：王老师 138****0000', notes: '实验室常用' };

describe('consumable orders', () => {
  it('runs pending → approved → completed with audit, hooks and events', async () => {
    const h = createHarness();
    const o = await h.ok<ConsumableOrder>(h.member, 'createConsumableOrder', tips);
    expect(o).toMatchObject({ status: 'pending_approval', applicant: '张三 Alice', communication: tips.communication });
    expect(await h.call(h.admin, 'completeConsumableOrder', { id: o.id })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"pending_approval"') } });
    await h.ok(h.member, 'updateConsumableOrder', { id: o.id, quantity: 12 });
    expect((await h.ok<ConsumableOrder>(h.admin, 'approveConsumableOrder', { id: o.id })).status).toBe('approved');
    expect(await h.call(h.member, 'updateConsumableOrder', { id: o.id, quantity: 1 })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"approved"') } });
    expect((await h.ok<ConsumableOrder>(h.admin, 'completeConsumableOrder', { id: o.id })).status).toBe('completed');
    expect(await h.call(h.admin, 'rejectConsumableOrder', { id: o.id, reason: 'x' })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('"completed"') } });
    expect((await h.records.history('consumable_order', o.id)).map((e) => e.action)).toEqual(['create', 'update', 'approve', 'complete']);
    expect(h.hooks.calls).toEqual(Array.from({ length: 4 }, () => ({ kind: 'entity', endpoint: '/consumable-orders/', id: o.id })));
    expect(h.events.every((e) => e.type === 'records-changed' && e.endpoint === '/consumable-orders/')).toBe(true);
  });

  it('reject and delete call the hook; permissions are enforced', async () => {
    const h = createHarness();
    const o = await h.ok<ConsumableOrder>(h.member, 'createConsumableOrder', tips);
    for (const [op, input] of [
      ['createConsumableOrder', tips],
      ['updateConsumableOrder', { id: o.id, quantity: 2 }],
      ['deleteConsumableOrder', { id: o.id }],
      ['approveConsumableOrder', { id: o.id }],
      ['completeConsumableOrder', { id: o.id }],
      ['rejectConsumableOrder', { id: o.id, reason: 'x' }],
    ] as const) {
      expect(await h.call(h.guest, op, input), op).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    for (const [op, input] of [
      ['approveConsumableOrder', { id: o.id }],
      ['completeConsumableOrder', { id: o.id }],
      ['rejectConsumableOrder', { id: o.id, reason: 'x' }],
    ] as const) {
      expect(await h.call(h.member, op, input), op).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await h.call(h.member2, 'updateConsumableOrder', { id: o.id, quantity: 2 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.member2, 'deleteConsumableOrder', { id: o.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.member, 'createConsumableOrder', { ...tips, quantity: -5 })).toMatchObject({ ok: false, error: { code: 'validation', fields: { quantity: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(await h.call(h.member, 'createConsumableOrder', { ...tips, communication: 'x'.repeat(501) })).toMatchObject({ ok: false, error: { code: 'validation', fields: { communication: expect.objectContaining({ key: expect.any(String) }) } } });
    h.hooks.take();
    expect(await h.ok<ConsumableOrder>(h.admin, 'rejectConsumableOrder', { id: o.id, reason: '重复申请' })).toMatchObject({ status: 'rejected', reject_reason: '重复申请' });
    const p = await h.ok<ConsumableOrder>(h.member, 'createConsumableOrder', tips);
    await h.ok(h.member, 'deleteConsumableOrder', { id: p.id });
    expect(h.hooks.take()).toEqual([
      { kind: 'entity', endpoint: '/consumable-orders/', id: o.id },
      { kind: 'entity', endpoint: '/consumable-orders/', id: p.id },
      { kind: 'entity', endpoint: '/consumable-orders/', id: p.id },
    ]);
  });
});
