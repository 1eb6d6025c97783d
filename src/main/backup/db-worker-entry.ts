// Entry of the backup workers (built to out/main/db-worker.js). As a worker thread it runs the one
// db-ops call named in its workerData and posts the reply, so VACUUM INTO and integrity_check never
// block the main thread. As a forked child process (fs-worker.ts) it runs one file-system task of
// a move, backup or restore, which the app can kill if the disk stops answering.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { dbOps, type DbOpName } from './db-ops';
import type { DbWorkerReply, DbWorkerRequest } from './db-worker-protocol';
import { runFsTaskHere, type FsTaskRequest } from './fs-tasks.child';

function handle(req: DbWorkerRequest): DbWorkerReply {
  const ops = dbOps(Database);
  try {
    const value = (ops[req.op] as (...a: unknown[]) => ReturnType<typeof ops[DbOpName]>)(...req.args);
    return { ok: true, value };
  } catch (e) {
    const err = e as { message?: string; code?: unknown };
    return { ok: false, message: err?.message ?? String(e), code: typeof err?.code === 'string' ? err.code : undefined };
  }
}

if (parentPort) parentPort.postMessage(handle(workerData as DbWorkerRequest));
else if (process.send) {
  process.once('message', (req: FsTaskRequest) => {
    void runFsTaskHere(req).then((reply) => process.send!(reply, () => process.exit(0)));
  });
} else throw new Error('db-worker-entry runs only as a worker thread or a forked child process');
