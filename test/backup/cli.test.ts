// The backup/restore command line as real processes (out/main/backup-cli.js, built by
// `electron-vite build`): a backup while the app runs on the directory, a restore refused while it
// runs, a restore once it has stopped, and clear refusals for bad input.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT, freePort, onCleanup, tempDir } from '../support/temp';
import { factsOf, insertRows, snapshotTree } from './helpers';
import Database from 'better-sqlite3';

const CLI = path.join(ROOT, 'out/main/backup-cli.js');
const SERVE = path.join(ROOT, 'out/main/serve.js');

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(NODE, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('exit', (code) => resolve({ code, out, err }));
  });
}

async function serve(dataDir: string): Promise<{ stop(): Promise<void> }> {
  const port = await freePort();
  const p = spawn(NODE, [SERVE, '--data-dir', dataDir, '--port', String(port)], { cwd: ROOT, stdio: 'ignore' });
  const exited = new Promise<void>((r) => p.once('exit', () => r()));
  onCleanup(() => void p.kill('SIGKILL'));
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ping`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async stop() {
      p.kill('SIGTERM');
      await exited;
    },
  };
}

function addRows(dataDir: string, n: number, prefix: string): void {
  const db = new Database(path.join(dataDir, 'lab.db'));
  db.pragma('busy_timeout = 5000');
  insertRows(db, n, prefix);
  db.close();
}

describe('backup-cli', () => {
  it('backs up while the app runs, refuses to restore while it runs, restores once stopped', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const app = await serve(dataDir);
    addRows(dataDir, 40, 'first');
    // A session in the backup that ends before the restore must not work again; one that is
    // valid at the restore stays valid.
    const session = (sql: string) => {
      const lab = new Database(path.join(dataDir, 'lab.db'));
      lab.exec(sql);
      lab.close();
    };
    const addSession = (hash: string) =>
      session(`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) SELECT '${hash}', id, '2026-01-01', '2026-01-01', '2999-01-01' FROM users WHERE username = 'admin'`);
    addSession('ended-since');
    const before = factsOf(path.join(dataDir, 'lab.db'));
    const out = path.join(tempDir(), 'snap.zip');
    const b = await cli(['backup', '--data-dir', dataDir, '--out', out]);
    expect(b.code, b.err).toBe(0);
    expect(b.out).toMatch(/Backup written: .*snap\.zip .*40 inventory items/);
    addRows(dataDir, 5, 'later');
    session("DELETE FROM sessions WHERE token_hash = 'ended-since'");
    addSession('valid-at-restore');

    const refused = await cli(['restore', '--data-dir', dataDir, '--from', out]);
    expect(refused.code).toBe(3);
    expect(refused.err).toMatch(/already in use by another Lab Desktop process .* stop the app first/);
    expect(factsOf(path.join(dataDir, 'lab.db')).counts.inventory_items).toBe(45);

    await app.stop();
    const r = await cli(['restore', '--data-dir', dataDir, '--from', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/inventory_items: 40/);
    expect(r.out).toMatch(/Restore complete .* kept in .*replaced/);
    expect(factsOf(path.join(dataDir, 'lab.db'))).toEqual(before);
    const restored = new Database(path.join(dataDir, 'lab.db'), { readonly: true });
    expect(restored.prepare('SELECT token_hash FROM sessions').all()).toEqual([{ token_hash: 'valid-at-restore' }]);
    restored.close();
    // The app starts on the restored data.
    const again = await serve(dataDir);
    await again.stop();
    expect(factsOf(path.join(dataDir, 'lab.db'))).toEqual(before);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const app = await serve(dataDir);
    await app.stop();
    addRows(dataDir, 3, 'x');
    const tree = snapshotTree(dataDir);
    const junk = path.join(tempDir(), 'junk.zip');
    fs.writeFileSync(junk, 'not a zip');
    const r = await cli(['restore', '--data-dir', dataDir, '--from', junk]);
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/not a readable zip archive.*Nothing was changed/s);
    const usage = await cli(['restore', '--data-dir', dataDir]);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/--from/);
    const noDir = await cli(['backup', '--data-dir', path.join(tempDir(), 'nothing-here')]);
    expect(noDir.code).toBe(4);
    const badOut = await cli(['backup', '--data-dir', dataDir, '--out', path.join(tempDir(), 'missing', 'x.zip')]);
    expect(badOut.code).toBe(4);
    expect(badOut.err).toMatch(/does not exist/);
    const after = snapshotTree(dataDir);
    delete after['backups/status.json'];
    expect(after).toEqual(tree);
  });
});
