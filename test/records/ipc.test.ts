// The desktop transport: the records operations through the IPC handler table (channel per
// contract operation, sender check) reach the same services with the same envelopes.
import { describe, expect, it } from 'vitest';
import { createIpcHandlers } from '../../src/main/api/ipc-handlers';
import { IPC_PREFIX } from '../../src/shared/bridge';
import type { Envelope } from '../../src/shared/errors';
import type { InventoryItem, ReagentOrder } from '../../src/shared/records';
import { createHarness } from './harness';

describe('records over the IPC handler table', () => {
  it('runs the order workflow and refuses untrusted senders and the public account', async () => {
    const h = createHarness();
    const refused: string[] = [];
    const ipc = createIpcHandlers(h.dispatcher, (op) => refused.push(op));
    const send = async <T>(user: typeof h.admin, op: string, input: unknown, trusted = true) => (await ipc.get(IPC_PREFIX + op)!({ trusted, session: h.sessionOf(user) }, input)) as Envelope<T>;
    for (const op of ['listInventory', 'createReagentOrder', 'stockInReagentOrder', 'checkDuplicates', 'importUpload', 'exportList']) expect(ipc.has(IPC_PREFIX + op), op).toBe(true);

    const created = await send<ReagentOrder>(h.member, 'createReagentOrder', { name: '乙醇', cas_number: '64-17-5', quantity: 1 });
    if (!created.ok) throw new Error(created.error.message);
    await send(h.admin, 'approveReagentOrder', { id: created.value.id });
    await send(h.admin, 'arriveReagentOrder', { id: created.value.id });
    await send(h.admin, 'createLocation', { name: 'A301' });
    const stocked = await send<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: created.value.id, storage_location: 'A301' });
    expect(stocked).toMatchObject({ ok: true, value: { item: { storage_location: 'A301', status: 'in_stock' } } });
    expect(await send(h.guest, 'listInventory', { search: '64175' })).toMatchObject({ ok: true, value: { total: 1 } });
    expect(await send(h.guest, 'createInventoryItem', { name: 'x', quantity: 1 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await send(h.admin, 'createInventoryItem', { name: 'x', quantity: 1 }, false)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(refused).toEqual(['createInventoryItem']);
    expect(await send(h.member, 'createReagentOrder', { name: 'x', quantity: 0 })).toMatchObject({ ok: false, error: { code: 'validation', fields: { quantity: expect.objectContaining({ key: expect.any(String) }) } } });
  });
});
