// Runs one db-ops call in a worker thread (db-worker-entry.ts). The built app starts
// out/main/db-worker.js beside the main bundles; tests that run from source set LAB_DB_WORKER to a
// bundle of the entry (test/support/db-worker-bundle.ts, vitest's global setup).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { dbOps, type DbOpName, type DbOps } from './db-ops';
import type { DbWorkerReply, DbWorkerRequest } from './db-worker-protocol';

/** The same operations on the calling thread (where blocking is acceptable). */
export const inlineOps: DbOps = dbOps(Database);

/** out/main/db-worker.js; this module may be bundled into out/main/chunks/, one folder below it. */
export function dbWorkerEntry(): string {
  const dir = path.basename(__dirname) === 'chunks' ? path.dirname(__dirname) : __dirname;
  return process.env.LAB_DB_WORKER || path.join(dir, 'db-worker.js');
}

export function runDbOp<N extends DbOpName>(op: N, ...args: Parameters<DbOps[N]>): Promise<ReturnType<DbOps[N]>> {
  return new Promise((resolve, reject) => {
    const request: DbWorkerRequest<N> = { op, args };
    const w = new Worker(dbWorkerEntry(), { workerData: request });
    let settled = false;
    w.once('message', (m: DbWorkerReply<N>) => {
      settled = true;
      if (m.ok) resolve(m.value);
      else reject(Object.assign(new Error(m.message), { code: m.code }));
    });
    w.once('error', () => {
      // The worker itself could not run (e.g. a runtime without worker support for the native
      // module): do the work inline rather than fail the backup — slower for the UI, still correct.
      settled = true;
      try {
        resolve((inlineOps[op] as (...a: unknown[]) => ReturnType<DbOps[N]>)(...args));
      } catch (e) {
        reject(e);
      }
    });
    w.once('exit', (code) => {
      if (!settled) reject(new Error(`The database worker stopped unexpectedly (exit ${code}).`));
    });
  });
}
