// The second person's password (双人双锁) is checked as a login is: scrypt on the thread pool, so
// the service answers other calls meanwhile, and an unknown username costs the same hashing as a
// wrong password, so neither the words nor the time tell which accounts exist. The real scrypt
// runs; the probe counts its calls and can hold back the moment a hash is handed back.
import { describe, expect, it, vi } from 'vitest';
import { scryptProbe } from '../support/scrypt-probe';
import { createHarness, type Harness } from '../records/harness';
import type { InventoryItem } from '../../src/shared/records';

vi.mock('node:crypto', async (original) => (await import('../support/scrypt-probe')).probedCrypto(await original()));

async function controlledItem(h: Harness): Promise<InventoryItem> {
  const cat = (await h.controlled.categories()).find((c) => c.key === 'highly_toxic')!;
  await h.controlled.addCas(h.admin, { id: cat.id, cas: '143-33-9', name: '氰化钠' });
  return h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '氰化钠', cas_number: '143-33-9', quantity: 100, unit: 'g' });
}

describe('the second person password check', () => {
  it('lets another call be answered while it hashes', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    let release!: () => void;
    scryptProbe.gate = new Promise<void>((r) => (release = r));
    const hashing = new Promise<'hashing'>((r) => (scryptProbe.started = () => r('hashing')));
    let used = false;
    const use = h.call(h.member, 'useInventoryItem', { id: item.id, amount: 1, unit: 'g', second_person: { username: 'bob', password: 'bob-pass-12' } }).finally(() => (used = true));
    try {
      expect(await Promise.race([hashing, use.then(() => 'use finished first')])).toBe('hashing');
      // Another call is served while the hash is held back.
      expect(await h.call(h.member, 'getInventoryItem', { id: item.id })).toMatchObject({ ok: true, value: { quantity: 100 } });
      expect(used).toBe(false);
    } finally {
      scryptProbe.started = null;
      scryptProbe.gate = null;
      release();
    }
    expect(await use).toMatchObject({ ok: true, value: { quantity: 99 } });
  });

  it('an unknown username and a wrong password are refused alike, after one hash each', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    const attempt = async (username: string) => {
      const before = scryptProbe.calls;
      const r = await h.call(h.member, 'useInventoryItem', { id: item.id, amount: 1, unit: 'g', second_person: { username, password: 'not-the-password' } });
      return { r, hashes: scryptProbe.calls - before };
    };
    const wrong = await attempt('bob');
    const unknown = await attempt('nobody-by-this-name');
    expect(wrong.r).toMatchObject({ ok: false, error: { code: 'validation', fields: { 'second_person.password': expect.objectContaining({ key: 'field.secondPersonWrong' }) } } });
    expect(unknown).toEqual(wrong);
    expect(unknown.hashes).toBe(1);
  });
});
