// A lock held on a small SQLite file of its own: BEGIN IMMEDIATE with no busy wait. Taking it never
// blocks, and the operating system releases it when the holding process dies, so a killed holder
// leaves no lock behind (no pid files, no time-outs). IMMEDIATE, not EXCLUSIVE: the RESERVED lock is
// granted to one connection at most even while others hold SHARED, so of two racers exactly one
// wins; EXCLUSIVE must also wait out every SHARED lock, and two racers that each held SHARED for an
// instant could both be refused.
import Database from 'better-sqlite3';

export interface FileLock {
  release(): void;
}

/** Takes the lock on `file` (created when missing), or returns null at once when someone holds it. */
export function tryLockFile(file: string): FileLock | null {
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 0');
    db.exec('BEGIN IMMEDIATE');
  } catch (e) {
    db.close();
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return null;
    throw e;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      try {
        db.exec('ROLLBACK');
      } finally {
        db.close();
      }
    },
  };
}
