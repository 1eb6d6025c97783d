// A damaged completion.db (derived data) never stops the app from starting (issue 14, defect 2):
// it is moved aside (kept, named with the time), a fresh one is created and the index rebuilt from
// the records, and the user is told once. Damage made while the app runs and between runs (a file
// the running app finds damaged is replaced by it at once: completion-recover-running.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { freePort, tempDir } from '../support/temp';
import { runAppToExit, startApp, type AppProcess } from '../support/app-process';
import { until } from '../support/until';

type Damage = (file: string) => void;
/**
 * [what, damage, certainly damaged when made between runs]. An empty file is a valid empty
 * database, and pages the log still holds are put back by SQLite itself: whether such a file is
 * damaged depends on what the log held. Every case must start and rebuild; a file moved aside is
 * said exactly once.
 */
const DAMAGES: Array<[string, Damage, boolean]> = [
  ['truncated to half', (f) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2)), false],
  ['truncated to half after its log was folded in', (f) => {
    const db = new Database(f);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2));
  }, true],
  ['truncated to 0 bytes with its -wal', (f) => {
    fs.truncateSync(f, 0);
    if (fs.existsSync(`${f}-wal`)) fs.truncateSync(`${f}-wal`, 0);
  }, false],
  ['header overwritten', (f) => {
    const fd = fs.openSync(f, 'r+');
    fs.writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
    fs.closeSync(fd);
  }, false],
];

async function stop(app: AppProcess): Promise<void> {
  app.proc.kill('SIGTERM');
  await until(() => app.exited(), (x) => x !== null, 15_000, 50);
}

const asideOf = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('completion.db.damaged-'));

const suggestion = async (app: AppProcess, q: string) => (await app.call('GET', `/api/search-completions/inline?endpoint=%2Finventory%2F&q=${q}&field=all`)).body?.completion as string;

describe('damaged completion.db', () => {
  for (const [name, damage, certain] of DAMAGES) {
    for (const when of ['between runs', 'while running'] as const) {
      const mustMove = certain && when === 'between runs';
      it(`${name}, ${when}: the next start works${mustMove ? ', moves the damaged file aside (said once)' : ''} and rebuilds the index`, async () => {
        const dir = path.join(tempDir(), 'data');
        const first = await startApp(dir);
        await first.setupAdmin();
        for (const n of ['Zirconia beads', 'Sodium chloride', 'Ethanol absolute']) expect((await first.call('POST', '/api/inventory', { name: n, quantity: 1 })).status).toBe(200);
        expect(await until(() => suggestion(first, 'Zirc'), (c) => c === 'Zirconia beads', 20_000, 200)).toBe('Zirconia beads');
        const file = path.join(dir, 'completion.db');
        if (when === 'while running') {
          damage(file);
          expect((await first.call('POST', '/api/inventory', { name: 'Written while damaged', quantity: 1 })).status).toBe(200);
          await stop(first);
        } else {
          await stop(first);
          damage(file);
        }
        // The running app replaces a file SQLite reported damaged at once (said once, by that run).
        const movedWhileRunning = asideOf(dir);
        expect(first.output().split('\n').filter((l) => l.includes('completion.db was damaged'))).toHaveLength(movedWhileRunning.length);
        const second = await startApp(dir);
        await second.setupAdmin().catch(() => undefined); // already set up: log in only
        await second.call('POST', '/api/session', { username: 'admin', password: 'admin-pass-1' });
        const aside = asideOf(dir).filter((f) => !movedWhileRunning.includes(f));
        if (mustMove) expect(aside, second.output()).toHaveLength(1);
        expect(aside.length + movedWhileRunning.length).toBeLessThanOrEqual(1);
        for (const a of aside) expect(fs.readdirSync(path.join(dir, a))).toContain('completion.db');
        const told = second.output().split('\n').filter((l) => l.includes('completion.db was damaged'));
        expect(told).toHaveLength(aside.length);
        // The UI shows app info's notices: one per file moved aside, in this run only.
        const notices = (await second.call('GET', '/api/app-info')).body.notices as Array<{ key: string; params: { path: string }; message: string }>;
        expect(notices).toHaveLength(aside.length);
        for (const n of notices) expect(n).toMatchObject({ key: 'completion.rebuilt', params: { path: expect.stringContaining(path.join(dir, aside[0]!)) }, message: expect.stringContaining(path.join(dir, aside[0]!)) });
        expect((await second.call('POST', '/api/inventory', { name: 'After restart', quantity: 1 })).status).toBe(200);
        expect(await until(() => suggestion(second, 'Zirc'), (c) => c === 'Zirconia beads', 30_000, 250)).toBe('Zirconia beads');
        await stop(second);
        // Told once: a third start finds a sound completion.db.
        const third = await startApp(dir);
        expect(third.output()).not.toContain('completion.db was damaged');
        await third.call('POST', '/api/session', { username: 'admin', password: 'admin-pass-1' });
        expect((await third.call('GET', '/api/app-info')).body.notices).toEqual([]);
        expect(asideOf(dir)).toHaveLength(aside.length + movedWhileRunning.length);
        console.log(`completion.db ${name}, ${when}: started, ${movedWhileRunning.length} moved aside while running, ${aside.length} at the next start, index rebuilt`);
      }, 240_000);
    }
  }
});

describe('damaged lab.db', () => {
  it('is a hard stop explained in words, pointing at restore; the file is left as it is', async () => {
    const dir = path.join(tempDir(), 'data');
    const first = await startApp(dir);
    await first.setupAdmin();
    for (let i = 0; i < 40; i++) expect((await first.call('POST', '/api/inventory', { name: `Item ${i} ${'x'.repeat(150)}`, quantity: 1 })).status).toBe(200);
    await stop(first);
    const file = path.join(dir, 'lab.db');
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    const size = fs.statSync(file).size;
    const r = await runAppToExit(dir, await freePort());
    console.log(`damaged lab.db: exit ${r.code}: ${r.out.trim().split('\n')[0]}`);
    expect(r.code, r.out).toBe(3);
    expect(r.out).toContain(`lab.db in ${dir} is damaged`);
    expect(r.out).toContain('Settings → Data → Restore');
    expect(r.out).toContain('npm run restore');
    expect(r.out).not.toMatch(/^\s+at /m);
    expect(fs.statSync(file).size).toBe(size);
  }, 180_000);
});
