// The cross-process rebuild lock `completion-rebuild.lock` in the data directory (spec 000 rule 2):
// a lock on a tiny SQLite file of its own (db/file-lock.ts). Taking it never blocks, and the
// operating system drops it when the holder dies, so a crashed or killed worker's lock is
// recovered without pid files or timeouts; of two racers exactly one wins (IMMEDIATE, not
// EXCLUSIVE: seen once in CI, two EXCLUSIVE racers could both be refused and nobody rebuilt).
import path from 'node:path';
import { tryLockFile, type FileLock } from '../db/file-lock';

export const REBUILD_LOCK_FILE = 'completion-rebuild.lock';

export class RebuildLock {
  private constructor(private lock: FileLock | null) {}

  /** Takes the lock, or returns null at once when another connection or process holds it. */
  static tryAcquire(dataDir: string): RebuildLock | null {
    const lock = tryLockFile(path.join(dataDir, REBUILD_LOCK_FILE));
    return lock && new RebuildLock(lock);
  }

  get held(): boolean {
    return this.lock !== null;
  }

  release(): void {
    const lock = this.lock;
    this.lock = null;
    lock?.release();
  }
}
