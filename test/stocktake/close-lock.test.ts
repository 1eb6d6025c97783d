// The close of a stocktake that changes a controlled chemical's amount checks the second person's
// password (scrypt, slow) before it takes the write lock, so scanners elsewhere are not held up by
// it; the controlled state is decided again under the lock.
import { describe, expect, it, vi } from 'vitest';
import { stocktakeHarness } from './harness';
import type { Stocktake } from '../../src/shared/stocktake';

/** Called on every password check: records whether a transaction was open on the lab db. */
const probe: { check: (() => void) | null } = { check: null };
vi.mock('../../src/main/auth/passwords', async (original) => {
  const real = await original<typeof import('../../src/main/auth/passwords')>();
  return { ...real, checkPassword: (...args: Parameters<typeof real.checkPassword>) => (probe.check?.(), real.checkPassword(...args)) };
});

describe('stocktake close with a second person', () => {
  it('checks the password outside the write transaction and still stores the second person', async () => {
    const h = await stocktakeHarness();
    h.dbs.lab.prepare(`INSERT INTO controlled_cas (category_id, cas, name) VALUES ((SELECT id FROM controlled_categories WHERE key = 'precursor'), '67-64-1', '丙酮')`).run();
    const a = await h.item({ name: '丙酮', cas_number: '67-64-1', location_id: h.loc.r101.id });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 480 });
    const inTransaction: boolean[] = [];
    probe.check = () => inTransaction.push(h.dbs.lab.inTransaction);
    await h.ok(h.admin, 'closeStocktake', { id: st.id, second_person: { username: 'alice', password: 'alice-pass-1' } });
    probe.check = null;
    expect(inTransaction).toEqual([false]);
    const last = h.dbs.lab.prepare('SELECT balance_after, second_user_id FROM stock_movements WHERE item_id = ? ORDER BY id DESC LIMIT 1').get(a.id);
    expect(last).toEqual({ balance_after: 480, second_user_id: h.member.id });
  });
});
