// The app marks every completion endpoint stale when it starts, and its maintenance worker (a child
// process) then rebuilds them from the records: at 100 000 items about 3 s of the other core.
// bench:first-paint runs the real server (serve.js, worker included) and times the app's steady
// state, after that rebuild. (bench:records and bench:export start the services in-process
// without the worker: nothing rebuilds there.)
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { until } from '../test/support/until';

/** How long the worker may take to start and mark the endpoints stale. */
const MARK_WINDOW_MS = 10_000;

/** Stale endpoints in completion.db, or null while it is missing or not migrated yet. */
function staleCount(file: string): number | null {
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) FROM endpoint_meta WHERE stale = 1').pluck().get() as number;
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/**
 * Waits until the maintenance worker has marked the endpoints stale (its first act) and rebuilt
 * them all. Returns the milliseconds waited.
 */
export async function waitForCompletionRebuild(dir: string): Promise<number> {
  const t0 = performance.now();
  const file = path.join(dir, 'completion.db');
  const marked = await until(() => staleCount(file), (n) => (n ?? 0) > 0, MARK_WINDOW_MS, 200);
  if ((marked ?? 0) === 0) return performance.now() - t0; // never marked: nothing to wait for
  if ((await until(() => staleCount(file), (n) => n === 0, 600_000, 200)) !== 0) throw new Error('the completion start-up rebuild did not finish in 10 minutes');
  return performance.now() - t0;
}
