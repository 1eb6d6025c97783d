// The maintenance worker runs as a real child process (browser mode's fork of the same entry the
// desktop app runs as a utilityProcess); the supervisor restarts it with back-off when it dies.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkerSupervisor } from '../../src/main/worker/supervisor';
import { forkNodeWorker } from '../../src/main/worker/fork-node';
import { MAINTENANCE_WORKER_EXEC_ARGV } from '../../src/main/worker/process-flags';
import { silentLogger } from '../../src/main/logging';
import { ROOT, onCleanup, tempDir } from '../support/temp';
import { until } from '../support/until';

const ENTRY = path.join(ROOT, 'out/main/maintenance-worker.js');

describe('maintenance worker supervisor', () => {
  it('needs the built worker entry', () => {
    expect(fs.existsSync(ENTRY), 'run `npm run build` before the tests (npm test does)').toBe(true);
  });

  it('waits for spawn, answers health, and restarts with back-off after the worker dies', async () => {
    const dataDir = tempDir();
    const sup = new WorkerSupervisor(
      () => {
        const h = forkNodeWorker(ENTRY, ['--data-dir', dataDir]);
        return h;
      },
      silentLogger(),
      [100, 200],
    );
    onCleanup(() => sup.stop());
    sup.start();
    expect(await until(() => sup.state, (x) => x === 'running', 10_000, 25)).toBe('running');
    const first = await sup.request({ type: 'health' });
    expect(first.type).toBe('health');
    const pid = (first as { pid: number }).pid;
    expect(await sup.health()).toBe(true);
    expect(sup.lastHealthAt).not.toBeNull();

    process.kill(pid, 'SIGKILL');
    expect(await until(() => [sup.restarts, sup.state], ([n, x]) => n === 1 && x === 'running', 10_000, 25)).toEqual([1, 'running']);
    const second = await sup.request({ type: 'health' });
    expect(second.type).toBe('health');
    expect((second as { pid: number }).pid).not.toBe(pid);
  });

  it('browser mode starts the worker with its V8 flags (one GC thread)', async () => {
    const sup = new WorkerSupervisor(() => forkNodeWorker(ENTRY, ['--data-dir', tempDir()], undefined, MAINTENANCE_WORKER_EXEC_ARGV), silentLogger(), [50]);
    onCleanup(() => sup.stop());
    sup.start();
    expect(await until(() => sup.state, (x) => x === 'running', 10_000, 25)).toBe('running');
    const { pid } = (await sup.request({ type: 'health' })) as { pid: number };
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(argv.slice(1, argv.indexOf(ENTRY))).toContain('--single-threaded-gc');
  });

  it('stop() ends the worker without a restart', async () => {
    const sup = new WorkerSupervisor(() => forkNodeWorker(ENTRY, ['--data-dir', tempDir()]), silentLogger(), [50]);
    sup.start();
    expect(await until(() => sup.state, (x) => x === 'running', 10_000, 25)).toBe('running');
    sup.stop();
    expect(await until(() => sup.state, (x) => x === 'stopped', 10_000, 25)).toBe('stopped');
    await new Promise((r) => setTimeout(r, 200));
    expect(sup.restarts).toBe(0);
    expect((await sup.request({ type: 'health' })).type).toBe('error');
  });
});
