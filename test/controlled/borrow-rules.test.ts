// Borrowing a controlled item (双人双锁): like a use it needs a second person, and it states its
// purpose (用途). Through the real dispatcher and over HTTP: each refusal is a 400 naming the field
// (both at once when both are missing) and writes nothing (item, movements, audit); a confirmed
// borrowing keeps both people and the purpose on its movement. Other items need neither; a purpose
// given is kept all the same.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';
import { bob, controlledItem as controlledOf, snapshot } from './controlled-support';
import type { InventoryItem } from '../../src/shared/records';
import type { StockMovement } from '../../src/shared/stock';
import { startTestServices, setupAdmin } from '../support/temp';
import { http, login } from '../support/http';

const controlledItem = (h: Harness) => controlledOf(h, 'precursor', { cas: '67-64-1', name: '丙酮', quantity: 1500, unit: 'mL' });

const fieldsOf = (r: unknown) => Object.keys((r as { error: { fields: Record<string, unknown> } }).error.fields).sort();

describe('borrowing a controlled item', () => {
  it('refuses without the second person or the purpose, naming each missing field, and writes nothing', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    const before = snapshot(h, item.id);
    const borrow = (extra: Record<string, unknown>) => h.call(h.member, 'borrowInventoryItem', { id: item.id, amount: 500, unit: 'mL', due_date: '2030-01-31', ...extra });

    const neither = await borrow({});
    expect(neither).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { purpose: expect.objectContaining({ key: 'field.purposeRequired' }), 'second_person.username': expect.objectContaining({ key: 'field.secondPersonRequired' }) } },
    });
    expect(fieldsOf(neither)).toEqual(['purpose', 'second_person', 'second_person.username']);
    expect(fieldsOf(await borrow({ purpose: '重结晶' }))).toEqual(['second_person', 'second_person.username']);
    expect(fieldsOf(await borrow({ second_person: bob }))).toEqual(['purpose']);
    // A purpose of spaces only is none (the schema trims it).
    expect(fieldsOf(await borrow({ second_person: bob, purpose: '   ' }))).toEqual(['purpose']);
    // The second person's own refusals, as for a use.
    expect(await borrow({ purpose: '重结晶', second_person: { username: 'bob', password: 'wrong-pass' } })).toMatchObject({
      ok: false,
      error: { fields: { 'second_person.password': expect.objectContaining({ key: 'field.secondPersonWrong' }) } },
    });
    expect(await borrow({ purpose: '重结晶', second_person: { username: 'alice', password: 'alice-pass-1' } })).toMatchObject({
      ok: false,
      error: { fields: { 'second_person.username': expect.objectContaining({ key: 'field.secondPersonSelf' }) } },
    });
    expect(snapshot(h, item.id)).toEqual(before);

    const ok = await h.ok<InventoryItem>(h.member, 'borrowInventoryItem', { id: item.id, amount: 500, unit: 'mL', due_date: '2030-01-31', purpose: ' 重结晶 ', second_person: bob });
    expect(ok).toMatchObject({ status: 'borrowed', borrowed_amount: 500, quantity: 1500 });
    const moves = await h.ok<StockMovement[]>(h.member, 'listMovements', { id: item.id });
    expect(moves.map((m) => [m.kind, m.amount, m.delta, m.purpose, m.user_name, m.second_user_name])).toEqual([
      ['received', 1500, 1500, '', '张三 Alice', null],
      ['borrowed', 500, 0, '重结晶', '张三 Alice', 'Bob'],
    ]);
  });

  it('an item that is not controlled borrows without either; a purpose given is kept', async () => {
    const h = createHarness();
    const a = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL' });
    const b = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '甲醇', cas_number: '67-56-1', quantity: 500, unit: 'mL' });
    await h.ok(h.member, 'borrowInventoryItem', { id: a.id });
    await h.ok(h.member, 'borrowInventoryItem', { id: b.id, purpose: 'HPLC' });
    const purpose = (id: number) => h.dbs.lab.prepare("SELECT purpose, second_user_id FROM stock_movements WHERE item_id = ? AND kind = 'borrowed'").get(id);
    expect(purpose(a.id)).toEqual({ purpose: '', second_user_id: null });
    expect(purpose(b.id)).toEqual({ purpose: 'HPLC', second_user_id: null });
  });

  it('over HTTP: 400 naming second_person and purpose, nothing written; 200 with both', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    await s.data.auth.createUser({ username: 'bob', password: 'bob-pass-12', displayName: 'Bob', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = await login(base, 'admin', 'admin-pass-1');
    const alice = await login(base, 'alice', 'alice-pass-1');
    const cats = (await http(base, 'GET', '/api/controlled-lists', undefined, admin)).json as unknown as Array<{ id: number; key: string }>;
    await http(base, 'POST', `/api/controlled-lists/${cats.find((c) => c.key === 'precursor')!.id}/entries`, { cas: '67-64-1', name: '丙酮' }, admin);
    const item = (await http(base, 'POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 1500, unit: 'mL' }, alice)).json as unknown as InventoryItem;
    const count = () => s.data.dbs.lab.prepare('SELECT count(*) FROM stock_movements WHERE item_id = ?').pluck().get(item.id);

    const refused = await http(base, 'POST', `/api/inventory/${item.id}/borrow`, { amount: 100, unit: 'mL' }, alice);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { code: 'validation', fields: { purpose: { key: 'field.purposeRequired' }, second_person: { key: 'field.secondPersonRequired' }, 'second_person.username': { key: 'field.secondPersonRequired' } } } });
    const noPurpose = await http(base, 'POST', `/api/inventory/${item.id}/borrow`, { amount: 100, unit: 'mL', second_person: bob }, alice);
    expect(noPurpose).toMatchObject({ status: 400, json: { error: { fields: { purpose: { key: 'field.purposeRequired' } } } } });
    expect(count()).toBe(1);
    const ok = await http(base, 'POST', `/api/inventory/${item.id}/borrow`, { amount: 100, unit: 'mL', purpose: '萃取', second_person: bob }, alice);
    expect(ok).toMatchObject({ status: 200, json: { status: 'borrowed', borrowed_amount: 100 } });
    expect(count()).toBe(2);
  });
});
