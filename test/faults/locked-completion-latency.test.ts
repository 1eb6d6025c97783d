// A locked completion.db must not slow business writes beyond spec 000's in-request lock budget
// (issue 14, defect 7): the completion write of a request waits once, 100 ms at most, and then the
// work goes to the maintenance worker's retry list. Business writes all succeed meanwhile.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServices } from '../support/temp';
import { REQUEST_LOCK_WAIT_MS } from '../../src/main/completion/db';

describe('locked completion.db', () => {
  it('business writes take at most the 100 ms lock budget plus their own work, and all succeed', async () => {
    const s = await startTestServices();
    await s.data.auth.setup(ADMIN);
    const session = { token: (await s.data.auth.login(ADMIN.username, ADMIN.password)).token, set() {}, clear() {} };
    const create = (name: string) => s.dispatcher.call('createInventoryItem', { name, quantity: 1 }, session, 'http');
    // Unlocked: the write's own work.
    const free: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      expect((await create(`Free ${i}`)).ok).toBe(true);
      free.push(performance.now() - t);
    }
    const lock = new Database(path.join(s.dataDir, 'completion.db'));
    lock.exec('BEGIN EXCLUSIVE');
    const locked: number[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        const r = await create(`Locked ${i}`);
        locked.push(performance.now() - t);
        expect(r.ok).toBe(true);
      }
    } finally {
      lock.exec('COMMIT');
      lock.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`business write with completion.db locked: median ${median(locked).toFixed(0)} ms, max ${Math.max(...locked).toFixed(0)} ms (unlocked median ${median(free).toFixed(0)} ms), ${locked.length} writes, all stored`);
    // One budget per call, not one per attempt: the retries of before waited four budgets and more
    // (median ~410 ms). Under two budgets plus the write's own work leaves room for a busy machine
    // and still tells the two apart.
    expect(median(locked)).toBeLessThan(2 * REQUEST_LOCK_WAIT_MS + median(free));
    expect(s.data.dbs.lab.prepare("SELECT count(*) FROM inventory_items WHERE name LIKE 'Locked %'").pluck().get()).toBe(20);
  });
});
