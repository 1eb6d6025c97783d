// Runs one file-system task (fs-tasks.child.ts) in a child process of the worker entry, with a time
// limit. A worker thread would not do: one blocked in a system call (a FIFO, a dead network mount)
// or spinning in native code cannot be stopped, and keeps the whole process from exiting. A child
// is killed (SIGKILL) at the limit and the caller gets a clear `unavailable` error.
import { fork, type ChildProcess } from 'node:child_process';
import { AppError } from '../../shared/errors';
import { dbWorkerEntry } from './db-worker';
import { BackupError } from './backup-error';
import type { FsTaskName, FsTaskReply, FsTaskRequest, FsTasks } from './fs-tasks.child';

const BASE_MS = 120_000;
const BYTES_PER_MS = 4_000; // 4 MB/s: a slow USB stick still fits

/**
 * Two minutes plus one second per 4 MB the task handles; LAB_FS_TIME_LIMIT_MS fixes the limit
 * (tests, or a lab with a very slow network share).
 */
export function fsTimeLimitMs(bytes: number): number {
  const fixed = Number(process.env.LAB_FS_TIME_LIMIT_MS);
  return Number.isFinite(fixed) && fixed > 0 ? fixed : BASE_MS + Math.ceil(bytes / BYTES_PER_MS);
}

export function fsTimeoutError(where: string, limitMs: number): AppError {
  const seconds = Math.round(limitMs / 1000);
  return new AppError('unavailable', 'data.fsTimeout', { where, seconds });
}

/** Children still working; killed when the app closes, so a hung one does not outlive it. */
const running = new Set<ChildProcess>();

export function killFsTasks(): void {
  for (const c of running) c.kill('SIGKILL');
}

function revive(r: Extract<FsTaskReply, { ok: false }>): Error {
  if (r.name === 'BackupError' && r.msg) return BackupError.of(r.msg);
  return Object.assign(new Error(r.message), { code: r.code });
}

export function runFsTask<N extends FsTaskName>(task: N, args: Parameters<FsTasks[N]>, o: { limitMs: number; where: string }): Promise<Awaited<ReturnType<FsTasks[N]>>> {
  return new Promise((resolve, reject) => {
    // Electron's own binary runs the entry as plain Node with ELECTRON_RUN_AS_NODE.
    const child = fork(dbWorkerEntry(), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
    };
    const timer = setTimeout(
      () =>
        settle(() => {
          child.kill('SIGKILL');
          reject(fsTimeoutError(o.where, o.limitMs));
        }),
      o.limitMs,
    );
    child.on('message', (m: FsTaskReply) => settle(() => (m.ok ? resolve(m.value as Awaited<ReturnType<FsTasks[N]>>) : reject(revive(m)))));
    child.on('error', (e) => settle(() => reject(e)));
    child.on('exit', (code, signal) => settle(() => reject(new Error(`The file worker stopped unexpectedly (${signal ?? `exit ${code}`}).`))));
    const req: FsTaskRequest<N> = { task, args };
    child.send(req);
  });
}
