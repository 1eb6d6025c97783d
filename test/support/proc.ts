// A process's children from /proc (Linux): the tests that stop or kill a worker, and the benches
// that sample a worker's memory, find it here.
import fs from 'node:fs';

/** The pids of `pid`'s child processes (from every thread of it); empty when it is gone. */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    try {
      out.push(...fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** Whether process `pid` was started with `text` in its command line (false once it is gone). */
export function runs(pid: number, text: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
  } catch {
    return false;
  }
}
