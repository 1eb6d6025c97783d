// The file-system work of a move, a backup or a restore runs in a child process with a time limit (issue 14,
// defect 5): a path that hangs (here a FIFO in the data directory, which a copy opens and waits on
// for ever) stalls that child, not the server; at the time limit the child is killed, the job fails
// with a clear 503 and nothing is half-changed. On the main thread the same copy held /ping for good.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ADMIN, tempDir } from '../support/temp';
import { startApp, type AppProcess } from '../support/app-process';
import { insertRows } from '../backup/helpers';

const LIMIT_MS = 4000;

/** Pings every 50 ms while `work` runs; every ping must answer (15 s client timeout). */
async function pingDuring<T>(app: AppProcess, work: Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  const result = work.finally(() => (done = true));
  while (!done) {
    const t = performance.now();
    expect((await app.call('GET', '/ping')).status).toBe(200);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { result: await result, times: times.sort((a, b) => a - b) };
}

const p99 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;

async function until(what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await ok()) return;
  throw new Error(`timed out waiting for ${what}`);
}

describe('move and backup: file-system work off the main thread, with a time limit', () => {
  it('a copy that hangs leaves the server answering; at the time limit it fails with 503, nothing changed', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const app = await startApp(dataDir, { env: { LAB_FS_TIME_LIMIT_MS: String(LIMIT_MS) } });
    await app.setupAdmin();
    expect((await app.call('POST', '/api/inventory', { name: 'Before the move', quantity: 1 })).status).toBe(200);
    // A FIFO where the cart-import batch file lives: opening it for reading waits for a writer that never comes.
    execFileSync('mkfifo', [path.join(dataDir, 'import-batch.json')]);
    const target = path.join(tempDir(), 'new-home');

    const move = await pingDuring(app, app.call('POST', '/api/data/move', { target }));
    console.log(`hanging move: ${move.times.length} pings answered, p99 ${p99(move.times).toFixed(0)} ms, max ${move.times.at(-1)!.toFixed(0)} ms; answer ${move.result.status}`);
    expect(move.result.status, JSON.stringify(move.result.body)).toBe(503);
    expect(move.result.body.error.code).toBe('unavailable');
    expect(move.result.body.error.message).toMatch(`did not finish within ${LIMIT_MS / 1000} seconds`);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'moved-to.json'))).toBe(false);

    const backup = await pingDuring(
      app,
      (async () => {
        expect((await app.call('POST', '/api/data/backups', {})).status).toBe(200);
        let job: { ok: boolean | null; error: { key: string; message: string } | null } = { ok: null, error: null };
        await until('the backup job to end', async () => {
          job = (await app.call('GET', '/api/data/status')).body.job;
          return job.ok !== null;
        });
        return job;
      })(),
    );
    console.log(`hanging backup: ${backup.times.length} pings answered, p99 ${p99(backup.times).toFixed(0)} ms; job error: ${backup.result.error?.message}`);
    expect(backup.result.ok).toBe(false);
    expect(backup.result.error).toMatchObject({ key: 'data.fsTimeout', params: { seconds: LIMIT_MS / 1000 }, message: expect.stringContaining(`did not finish within ${LIMIT_MS / 1000} seconds`) });
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f !== 'status.json')).toEqual([]); // no archive, partial or work folder

    // A restore source whose copy hangs: the preview (extract/copy and check) fails the same way.
    const source = tempDir();
    fs.writeFileSync(path.join(source, 'lab.db'), '');
    execFileSync('mkfifo', [path.join(source, 'settings.json')]);
    const preview = await pingDuring(app, app.call('POST', '/api/data/restore/preview', { source }));
    console.log(`hanging restore preview: ${preview.times.length} pings answered, p99 ${p99(preview.times).toFixed(0)} ms; answer ${preview.result.status}`);
    expect(preview.result.status, JSON.stringify(preview.result.body)).toBe(503);
    expect(preview.result.body.error.message).toMatch(`did not finish within ${LIMIT_MS / 1000} seconds`);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('.restore-staging-'))).toEqual([]);

    // The app keeps working on its data directory.
    expect((await app.call('POST', '/api/inventory', { name: 'After the failed move', quantity: 1 })).status).toBe(200);
    expect(app.exited()).toBeNull();
  }, 240_000);

  it('/ping stays quick during a large backup and a large move (p99 printed)', async () => {
    const dataDir = path.join(tempDir(), 'data');
    let app = await startApp(dataDir);
    await app.setupAdmin();
    app.proc.kill('SIGKILL');
    await new Promise((r) => app.proc.once('exit', r));
    const db = new Database(path.join(dataDir, 'lab.db'));
    insertRows(db, 150_000, 'a rather long inventory item name to make the database bigger');
    db.close();
    const mb = (fs.statSync(path.join(dataDir, 'lab.db')).size / 1e6).toFixed(0);
    app = await startApp(dataDir);
    expect((await app.call('POST', '/api/session', { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);

    const backup = await pingDuring(
      app,
      (async () => {
        expect((await app.call('POST', '/api/data/backups', {})).status).toBe(200);
        let ok: boolean | null = null;
        await until('the backup job to end', async () => (ok = (await app.call('GET', '/api/data/status')).body.job.ok) !== null);
        return ok;
      })(),
    );
    const move = await pingDuring(app, app.call('POST', '/api/data/move', { target: path.join(tempDir(), 'new-home') }));
    console.log(
      `lab.db ${mb} MB — during backup: ${backup.times.length} pings, p99 ${p99(backup.times).toFixed(0)} ms, max ${backup.times.at(-1)!.toFixed(0)} ms; ` +
        `during move: ${move.times.length} pings, p99 ${p99(move.times).toFixed(0)} ms, max ${move.times.at(-1)!.toFixed(0)} ms`,
    );
    expect(backup.result).toBe(true);
    expect(move.result.status, JSON.stringify(move.result.body)).toBe(200);
    // A hang guard only: a main thread held by the copy would miss the client's 15 s timeout above.
    expect(Math.max(backup.times.at(-1)!, move.times.at(-1)!)).toBeLessThan(10_000);
  }, 360_000);
});
