// completion.db found damaged while the app runs (the worker or this process's reader or writer
// says corrupt / not a database): the file is replaced in place the way start-up replaces it
// (db/damage.ts openCompletion: checked, moved aside when damaged, created again), without a
// restart. The worker is stopped while the file changes hands and started again: a new worker
// marks every endpoint stale and rebuilds from lab.db. Meanwhile the service is suspended, so
// suggestions answer empty and business calls never wait for this.
import type { Databases } from '../db/databases';
import { reopenCompletion } from '../db/databases';
import type { Logger } from '../logging';
import type { WorkerSupervisor } from '../worker/supervisor';
import type { CompletionService } from './service';

export interface CompletionRecoveryDeps {
  dataDir: string;
  log: Logger;
  worker: WorkerSupervisor | null;
  /** The current connections (a restore or move replaces them). */
  current: () => { dbs: Databases; completion: CompletionService };
  /** Stops the worker and waits until its process has exited. */
  stopWorker: (worker: WorkerSupervisor) => Promise<void>;
  /** Start-up's handler for a file moved aside: the log line and the user's notice. */
  onMoved: (info: { movedTo: string; error: string }) => void;
  /** A restore or move is swapping the data directory: it reopens every file itself. */
  reopening: () => boolean;
}

export interface CompletionRecovery {
  /** Starts a recovery unless one is running; never throws. */
  recover(error: string): void;
  /** Resolves when no recovery is running. */
  settled(): Promise<void>;
}

export function createCompletionRecovery(d: CompletionRecoveryDeps): CompletionRecovery {
  let running: Promise<void> | null = null;
  /** A recovery that failed (e.g. the directory is read-only) is not tried again until the next start. */
  let gaveUp = false;

  async function run(error: string): Promise<void> {
    const { dbs, completion } = d.current();
    d.log.warn({ err: error }, 'completion.db was found damaged while running; it is checked and replaced if damaged');
    completion.suspend();
    try {
      if (d.worker) await d.stopWorker(d.worker);
      try {
        dbs.completion.close();
      } catch {
        /* already closed */
      }
      // The same check as at start: a file SQLite can read whole again (e.g. emptied) is kept.
      dbs.completion = reopenCompletion(d.dataDir, d.onMoved);
    } catch (e) {
      gaveUp = true;
      d.log.error({ err: e instanceof Error ? e.message : String(e) }, 'completion.db could not be replaced; search completion stays unavailable until the next start');
    } finally {
      completion.resume();
      d.worker?.start();
    }
  }

  return {
    recover(error) {
      if (running || gaveUp || d.reopening()) return;
      running = run(error).finally(() => (running = null));
    },
    settled: () => running ?? Promise.resolve(),
  };
}
