// docs/design.md#process-model: main survives the maintenance worker's exit and restarts it — also when requests to
// the worker are in flight as it dies, and while completion writes fail on a locked completion.db.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../support/temp';
import { bundleForNode, startApp } from '../support/app-process';
import { until } from '../support/until';

describe('maintenance worker killed (kill -9)', () => {
  it('requests sent right after the worker died fail alone; the process lives and the worker restarts', async () => {
    const out = path.join(ROOT, 'node_modules/.cache/lab-fault-test', `harness-${process.pid}`);
    await bundleForNode({ harness: path.join(__dirname, 'send-after-death.harness.ts'), 'maintenance-worker': path.join(ROOT, 'src/main/worker/maintenance-worker-entry.ts') }, out);
    const r = spawnSync(NODE, [path.join(out, 'harness.js'), tempDir()], { encoding: 'utf8', timeout: 90_000 });
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.status).toBe(0);
    const res = JSON.parse(r.stdout.trim().split('\n').pop()!) as { answers: string[]; restarts: number; after: string; newPid: number; killed: number };
    console.log(`send after worker death: ${res.answers.length} requests answered ${res.answers.join(',')}; restarts ${res.restarts}`);
    expect(res.answers).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(res.restarts).toBe(1);
    expect(res.after).toBe('health');
    expect(res.newPid).not.toBe(res.killed);
  });

  it('with completion.db locked by another connection while business writes flow: the app keeps answering, restarts the worker, writes keep working', async () => {
    const dir = tempDir();
    const app = await startApp(dir);
    await app.setupAdmin();
    const ROUNDS = 3;
    let writes = 0;
    let failed = 0;
    const lock = new Database(path.join(dir, 'completion.db'));
    lock.pragma('busy_timeout = 5000');
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await until(() => app.childPids(), (p) => p.length === 1, 15_000, 50);
      expect(worker, app.output()).toHaveLength(1);
      lock.exec('BEGIN EXCLUSIVE');
      // Writes flow (their completion writes fail and go to the worker) while the worker is killed.
      const flow = Array.from({ length: 12 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * 40));
        const w = await app.call('POST', '/api/inventory', { name: `Sodium chloride ${round}-${i}`, quantity: 1 });
        writes++;
        if (w.status !== 200) failed++;
      });
      await new Promise((r) => setTimeout(r, 150));
      process.kill(worker[0]!, 'SIGKILL');
      await Promise.all(flow);
      lock.exec('COMMIT');
      expect(app.exited(), app.output()).toBeNull();
      const next = await until(() => app.childPids(), (p) => p.length === 1 && p[0] !== worker[0], 15_000, 50);
      expect(next, 'worker restarted').not.toEqual(worker);
    }
    lock.close();
    const ping = await app.call('GET', '/ping');
    expect(ping.status).toBe(200);
    const list = await app.call('GET', '/api/inventory/?pageSize=100');
    console.log(`worker kill -9 with a locked completion.db: ${ROUNDS} rounds, ${writes} business writes, ${failed} failed, ${list.body.total} stored`);
    expect(failed).toBe(0);
    expect(list.body.total).toBe(writes);
    const info = await app.call('GET', '/api/app-info');
    expect(info.status === 200 ? info.body.worker.restarts : ROUNDS).toBeGreaterThanOrEqual(ROUNDS);
  }, 120_000);
});
