// Settings → Data asks for the data status every second or so, also while a backup writes and
// removes its staging folder under backups/ and while retention deletes old automatic backups. A
// file or folder that disappears between listing and reading it is gone, not a failure: the CI run
// of b5f59a4 saw `dataStatus` answer "Something went wrong" while "Back up now" was running.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/errors';
import { ADMIN, NODE, onCleanup, sessionFor, startTestServices } from '../support/temp';

/** A separate process that keeps creating and removing what a backup and retention create and remove. */
const CHURN = `
const fs = require('node:fs'), path = require('node:path');
const [backups] = process.argv.slice(1);
for (let i = 0; ; i++) {
  const staging = path.join(backups, '.staging-' + (i % 2));
  const folder = path.join(backups, 'auto-2026-11-27T10-00-0' + (i % 2) + '-000Z');
  for (const d of [staging, folder]) {
    fs.mkdirSync(path.join(d, 'logs'), { recursive: true });
    for (let f = 0; f < 20; f++) fs.writeFileSync(path.join(d, f % 2 ? 'logs' : '', 'f' + f), 'x'.repeat(100));
  }
  fs.writeFileSync(path.join(backups, 'auto-2026-11-27T09-00-0' + (i % 2) + '-000Z.zip'), 'zip');
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(path.join(backups, 'auto-2026-11-27T09-00-0' + (i % 2) + '-000Z.zip'), { force: true });
}`;

describe('data status while files come and go', () => {
  it('every status answers while another process creates and removes backup folders and archives', async () => {
    const s = await startTestServices();
    const admin = sessionFor(null);
    expect((await s.dispatcher.call('setup', ADMIN, admin, 'ipc')).ok).toBe(true);
    const churn = spawn(NODE, ['-e', CHURN, path.join(s.dataDir, 'backups')], { stdio: 'ignore' });
    onCleanup(() => void churn.kill('SIGKILL'));
    await new Promise((r) => setTimeout(r, 200)); // the churn is under way

    const failures: unknown[] = [];
    let calls = 0;
    for (const end = performance.now() + 3000; performance.now() < end; calls++) {
      const r = (await s.dispatcher.call('dataStatus', {}, admin, 'ipc')) as Envelope<{ sizes: { backups: number }; backups: Array<{ name: string }> }>;
      if (!r.ok) failures.push(r.error);
    }
    expect(churn.exitCode).toBeNull(); // the churn ran all along
    expect(calls).toBeGreaterThan(20);
    expect(failures.length, `${failures.length} of ${calls} failed, the first: ${JSON.stringify(failures[0])}`).toBe(0);
  }, 120_000);
});
