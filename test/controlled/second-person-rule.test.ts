// The one second-person rule (shared/stock-actions.ts secondPersonRule) that the stock dialog shows
// its fields from, held against what the service does: every stock action on a controlled item,
// without a second person, through the real dispatcher and a real lab.db.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';
import type { InventoryItem } from '../../src/shared/records';
import { secondPersonRule, type StockAction } from '../../src/shared/stock-actions';

async function controlledItem(h: Harness): Promise<InventoryItem> {
  const cat = (await h.controlled.categories()).find((c) => c.key === 'highly_toxic')!;
  await h.controlled.addCas(h.admin, { id: cat.id, cas: '143-33-9', name: '氰化钠' });
  return h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '氰化钠', cas_number: '143-33-9', quantity: 100, unit: 'g' });
}

const required = { ok: false, error: { code: 'validation', fields: { 'second_person.username': expect.objectContaining({ key: 'field.secondPersonRequired' }) } } };
const bob = { username: 'bob', password: 'bob-pass-12' };

/** Each action without a second person, on a fresh controlled item in the status it starts from. */
const ATTEMPTS: Record<StockAction, (h: Harness, id: number) => Promise<unknown>> = {
  use: (h, id) => h.call(h.member, 'useInventoryItem', { id, amount: 1, unit: 'g' }),
  consume: (h, id) => h.call(h.member, 'consumeInventoryItem', { id }),
  dispose: (h, id) => h.call(h.member, 'disposeInventoryItem', { id, reason: 'expired' }),
  adjust: (h, id) => h.call(h.admin, 'adjustInventoryItem', { id, amount: 100, unit: 'g', reason: 'count' }),
  borrow: (h, id) => h.call(h.member, 'borrowInventoryItem', { id, amount: 10, unit: 'g', purpose: '标定' }),
  split: (h, id) => h.call(h.member, 'splitInventoryItem', { id, amount: 30, unit: 'g' }),
  return: async (h, id) => {
    await h.ok(h.member, 'borrowInventoryItem', { id, amount: 10, unit: 'g', purpose: '标定', second_person: bob });
    return h.call(h.member, 'returnInventoryItem', { id, amount: 8, unit: 'g' });
  },
};

describe('the second-person rule', () => {
  it('names exactly the actions the service asks a second person for', async () => {
    expect(Object.fromEntries(Object.keys(ATTEMPTS).map((a) => [a, secondPersonRule(a as StockAction)]))).toEqual({
      use: 'always',
      consume: 'always',
      dispose: 'always',
      adjust: 'always',
      borrow: 'always',
      split: 'never',
      return: 'whenUsed',
    });
    for (const action of Object.keys(ATTEMPTS) as StockAction[]) {
      const h = createHarness();
      const item = await controlledItem(h);
      const r = await ATTEMPTS[action](h, item.id);
      // `whenUsed`: the attempt returns only part of the borrowing, so the rest counts as used.
      if (secondPersonRule(action) === 'never') expect(r, action).toMatchObject({ ok: true });
      else expect(r, action).toMatchObject(required);
    }
  });

  it('a return of everything that was borrowed needs no second person', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id, amount: 10, unit: 'g', purpose: '标定', second_person: bob });
    expect(await h.call(h.member, 'returnInventoryItem', { id: item.id, amount: 10, unit: 'g' })).toMatchObject({ ok: true });
  });
});
