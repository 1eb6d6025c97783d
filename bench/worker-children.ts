// The import worker processes a server has forked (bulk import jobs and list exports), with their
// memory high-water mark and CPU so far, from /proc (Linux). The benches add a worker's peak to the
// server's: the budget is the app's, and the worker's memory is the machine's too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { childPids, runs } from '../test/support/proc';

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export interface WorkerSample {
  pid: number;
  /** VmHWM, bytes. */
  hwm: number;
  cpuMs: number;
}

export function workerChildren(server: number): WorkerSample[] {
  const out: WorkerSample[] = [];
  for (const pid of childPids(server)) {
    if (!runs(pid, 'import-worker')) continue;
    try {
      const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({ pid, hwm, cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK });
    } catch {
      // Exited meanwhile: its last sample stands.
    }
  }
  return out;
}
