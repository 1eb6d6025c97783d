// Run as its own process by worker-death.test.ts: a supervisor over the real forked worker sends
// requests right after the worker was killed (before the exit is noticed). Prints one JSON line.
import path from 'node:path';
import { WorkerSupervisor } from '../../src/main/worker/supervisor';
import { forkNodeWorker } from '../../src/main/worker/fork-node';
import { silentLogger } from '../../src/main/logging';

const [dataDir] = process.argv.slice(2);
const entry = path.join(__dirname, 'maintenance-worker.js');

async function until(ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

async function main(): Promise<void> {
  const sup = new WorkerSupervisor(() => forkNodeWorker(entry, ['--data-dir', dataDir!]), silentLogger(), [100]);
  sup.start();
  await until(() => sup.state === 'running', 10_000);
  const first = await sup.request({ type: 'health' });
  const pid = (first as { pid: number }).pid;
  process.kill(pid, 'SIGKILL');
  // Wait without turning the event loop: the worker is gone, its exit not yet seen by us.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sup.request({ type: 'health' }, 3000)));
  await until(() => sup.restarts === 1 && sup.state === 'running', 10_000);
  const after = await sup.request({ type: 'health' });
  console.log(JSON.stringify({ killed: pid, answers: answers.map((a) => a.type), restarts: sup.restarts, after: after.type, newPid: (after as { pid?: number }).pid }));
  sup.stop();
  await until(() => sup.state === 'stopped', 5000);
  process.exit(0);
}

void main();
