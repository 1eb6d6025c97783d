// completion.db damaged while the app runs is recovered in place, as start-up recovers it: the
// damaged file is moved aside (kept), a fresh one is created and rebuilt from lab.db, suggestions
// come back without a restart, and the user is told once (app info's notices). Before, the worker
// logged a failure every 5 s (`Completion rebuild failed`, `completion stale check failed`) and
// suggestions stayed empty until the next start.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LIST_ENDPOINTS } from '../../src/shared/records';
import { tempDir } from '../support/temp';
import { startApp, type AppProcess } from '../support/app-process';
import { rng } from '../support/rng';
import { until } from '../support/until';

const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Every page after the first overwritten with random bytes, the log folded in first (the pages the app reads are in the file). */
function overwritePages(file: string, random: () => number): void {
  const db = new Database(file);
  db.pragma('busy_timeout = 2000');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const fd = fs.openSync(file, 'r+');
  const size = fs.statSync(file).size;
  const junk = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(random() * 256)));
  for (let at = 4096; at < size; at += 4096) fs.writeSync(fd, junk, 0, Math.min(4096, size - at), at);
  fs.closeSync(fd);
}

const suggestion = async (app: AppProcess, q: string) =>
  (await app.call('GET', `/api/search-completions/inline?endpoint=%2Finventory%2F&q=${encodeURIComponent(q)}&field=all`)).body?.completion as string;
/** Lines of the app's output (warnings and errors) that hold `text`. */
const lines = (app: AppProcess, text: string) => app.output().split('\n').filter((l) => l.includes(text));
/** Rebuilds the app log (every level) says were committed. */
const rebuilds = (dir: string) => {
  const file = path.join(dir, 'logs', 'app.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('"msg":"completion rebuild committed"')).length : 0;
};

/** Who touches the damaged file first: a business write's index sync, the reader, or (nothing else touching it) the worker's 5 s round. */
const FIRST = ['a business write', 'a suggestion request', 'the maintenance worker'] as const;
const WORKER_FOUND = 'completion.db is damaged; the app moves it aside';

describe('completion.db damaged while the app runs', () => {
  for (const first of FIRST) it(`found by ${first}: moved aside, recreated and rebuilt in place; suggestions come back, the user is told once`, async () => {
    const dir = path.join(tempDir(), 'data');
    const app = await startApp(dir);
    await app.setupAdmin();
    for (const n of ['Zirconia beads', 'Sodium chloride', 'Ethanol absolute']) expect((await app.call('POST', '/api/inventory', { name: n, quantity: 1 })).status).toBe(200);
    expect(await until(() => suggestion(app, 'Zirc'), (c) => c === 'Zirconia beads', 20_000, 200)).toBe('Zirconia beads');
    // The first start's rebuild is done: nothing is damaged yet.
    expect(await until(() => rebuilds(dir), (n) => n >= LIST_ENDPOINTS.length, 20_000, 100)).toBeGreaterThanOrEqual(LIST_ENDPOINTS.length);
    expect(app.output()).not.toContain('completion.db was damaged');

    overwritePages(path.join(dir, 'completion.db'), rng(SEED));
    if (first === 'the maintenance worker') {
      // Nothing is asked of the app until the worker has found the damage and said so.
      expect(await until(() => lines(app, WORKER_FOUND).length, (n) => n > 0, 30_000, 100), app.output()).toBe(1);
    } else if (first === 'a suggestion request') {
      expect(await suggestion(app, 'Zirc')).toMatch(/^(|Zirconia beads)$/);
    }
    // A business write while the file is damaged succeeds (completion failures never block one).
    expect((await app.call('POST', '/api/inventory', { name: 'Yttria written while damaged', quantity: 1 })).status).toBe(200);

    // Without a restart: the worker (or the reader) finds the damage, the app recovers the file.
    expect(await until(() => suggestion(app, 'Zirc'), (c) => c === 'Zirconia beads', 60_000, 200), `seed ${SEED}\n${app.output()}`).toBe('Zirconia beads');
    expect(await until(() => suggestion(app, 'Yttr'), (c) => c === 'Yttria written while damaged', 30_000, 200)).toBe('Yttria written while damaged');

    // The damaged file is kept aside, as start-up keeps it.
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith('completion.db.damaged-'));
    expect(aside, app.output()).toHaveLength(1);
    expect(fs.readdirSync(path.join(dir, aside[0]!))).toContain('completion.db');
    // The fresh file is whole.
    const check = new Database(path.join(dir, 'completion.db'), { readonly: true });
    try {
      expect(check.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      check.close();
    }

    // Told once: the same notice start-up gives, in app info, and one warning in the log.
    const notices = (await app.call('GET', '/api/app-info')).body.notices as Array<{ key: string; params: { path: string } }>;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ key: 'completion.rebuilt', params: { path: path.join(dir, aside[0]!) } });
    expect(lines(app, 'completion.db was damaged'), app.output()).toHaveLength(1);

    // The restarted worker rebuilt every endpoint of the fresh file; a record written now is
    // suggested too. The damage did not leave the worker failing round after round.
    expect(await until(() => rebuilds(dir), (n) => n >= 2 * LIST_ENDPOINTS.length, 30_000, 100)).toBeGreaterThanOrEqual(2 * LIST_ENDPOINTS.length);
    expect((await app.call('POST', '/api/inventory', { name: 'Xenon lamp after recovery', quantity: 1 })).status).toBe(200);
    expect(await until(() => suggestion(app, 'Xeno'), (c) => c === 'Xenon lamp after recovery', 20_000, 200)).toBe('Xenon lamp after recovery');
    // Each of the worker's failure lines at most once (the one that found the damage), not every 5 s.
    for (const failed of ['Completion rebuild failed', 'completion stale check failed', 'completion retry list could not run', 'search memory pruning failed']) {
      expect(lines(app, failed).length, `${failed}\n${app.output()}`).toBeLessThanOrEqual(1);
    }
    expect((await app.call('GET', '/api/app-info')).body.notices).toHaveLength(1);
    expect(app.exited(), app.output()).toBeNull();
    expect(lines(app, WORKER_FOUND).length).toBeLessThanOrEqual(1);
    console.log(`completion.db damaged while running, found by ${first} (seed ${SEED}): recovered in place, ${aside.length} moved aside, told once`);
  }, 120_000);
});
