// Worker-thread entry (built to out/main/db-worker.js): runs the one db-ops call named in its
// workerData and posts the reply, so VACUUM INTO and integrity_check never block the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { dbOps, type DbOpName } from './db-ops';
import type { DbWorkerReply, DbWorkerRequest } from './db-worker-protocol';

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

if (!parentPort) throw new Error('db-worker-entry runs only as a worker thread');
parentPort.postMessage(handle(workerData as DbWorkerRequest));
