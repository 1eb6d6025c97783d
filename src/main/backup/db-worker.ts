// Runs one db-ops call in a worker thread. The worker is started from db-ops' own source text
// (eval), so no extra build entry is needed and the code is the same in tests, browser mode and
// the packaged app; better-sqlite3 is loaded from the path the main thread resolved.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { dbOps, type DbOpName, type DbOps } from './db-ops';

const sqlitePath = createRequire(__filename).resolve('better-sqlite3');

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ops = (${dbOps.toString()})(require(workerData.sqlitePath));
try {
  parentPort.postMessage({ ok: true, value: ops[workerData.op](...workerData.args) });
} catch (e) {
  parentPort.postMessage({ ok: false, message: e && e.message ? e.message : String(e), code: e && e.code });
}
`;

/** The same operations on the calling thread (where blocking is acceptable). */
export const inlineOps: DbOps = dbOps(Database);

export function runDbOp<N extends DbOpName>(op: N, ...args: Parameters<DbOps[N]>): Promise<ReturnType<DbOps[N]>> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { sqlitePath, op, args } });
    let settled = false;
    w.once('message', (m: { ok: boolean; value?: unknown; message?: string; code?: string }) => {
      settled = true;
      if (m.ok) resolve(m.value as ReturnType<DbOps[N]>);
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
