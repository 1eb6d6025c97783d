// The app marks every completion endpoint stale when it starts, and its maintenance worker (a child
// process) then rebuilds them from the records: at 100 000 items about 3 s of the other core.
// bench:first-paint runs the real server (serve.js, worker included) and times the app's steady
// state, after that rebuild. (bench:records and bench:export start the services in-process
// without the worker: nothing rebuilds there.)
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** How long the worker may take to start and mark the endpoints stale. */
const MARK_WINDOW_MS = 10_000;

/**
 * Waits until the maintenance worker has marked every endpoint stale (its first act) and rebuilt
 * them all: polled on a connection of its own. Returns the milliseconds waited.
 */
export async function waitForCompletionRebuild(dir: string): Promise<number> {
  const t0 = performance.now();
  const file = path.join(dir, 'completion.db');
  let marked = false;
  for (;;) {
    const waited = performance.now() - t0;
    if (fs.existsSync(file)) {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const stale = db.prepare('SELECT count(*) FROM endpoint_meta WHERE stale = 1').pluck().get() as number;
        marked ||= stale > 0;
        if (marked && stale === 0) return waited;
      } catch {
        // not migrated yet
      } finally {
        db.close();
      }
    }
    if (!marked && waited > MARK_WINDOW_MS) return waited; // never marked: nothing to wait for
    if (waited > 600_000) throw new Error('the completion start-up rebuild did not finish in 10 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
}

