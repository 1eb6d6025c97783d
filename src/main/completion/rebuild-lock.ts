// The cross-process rebuild lock `completion-rebuild.lock` in the data directory (spec 000 rule 2).
// It is a tiny SQLite file held with BEGIN IMMEDIATE and a zero busy wait: taking it never blocks,
// and the operating system drops the lock when the holder dies, so a crashed or killed worker's
// lock is recovered without pid files or timeouts. IMMEDIATE, not EXCLUSIVE: the RESERVED lock it
// takes is held by one connection at most and is granted while others hold SHARED locks, so of
// two racers exactly one wins. EXCLUSIVE must also wait out every SHARED lock, and two racers that
// each hold SHARED for an instant could both be refused (seen once in CI: nobody rebuilt).
import path from 'node:path';
import Database from 'better-sqlite3';

export const REBUILD_LOCK_FILE = 'completion-rebuild.lock';

export class RebuildLock {
  private constructor(private db: Database.Database | null) {}

  /** Takes the lock, or returns null at once when another connection or process holds it. */
  static tryAcquire(dataDir: string): RebuildLock | null {
    const db = new Database(path.join(dataDir, REBUILD_LOCK_FILE));
    try {
      db.pragma('busy_timeout = 0');
      db.exec('BEGIN IMMEDIATE');
      return new RebuildLock(db);
    } catch (e) {
      db.close();
      const code = (e as { code?: string }).code ?? '';
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return null;
      throw e;
    }
  }

  get held(): boolean {
    return this.db !== null;
  }

  release(): void {
    const db = this.db;
    this.db = null;
    if (!db) return;
    try {
      db.exec('ROLLBACK');
    } finally {
      db.close();
    }
  }
}
