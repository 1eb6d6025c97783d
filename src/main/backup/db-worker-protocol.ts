// The message protocol of the database worker thread (db-worker-entry.ts): one request as the
// worker's data, one reply message, then the worker ends.
import type { DbOpName, DbOps } from './db-ops';

export interface DbWorkerRequest<N extends DbOpName = DbOpName> {
  op: N;
  args: Parameters<DbOps[N]>;
}

export type DbWorkerReply<N extends DbOpName = DbOpName> = { ok: true; value: ReturnType<DbOps[N]> } | { ok: false; message: string; code?: string };
