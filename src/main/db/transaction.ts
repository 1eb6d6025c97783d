// The transaction policy (docs/stores.md): every transaction that writes begins IMMEDIATE, so it
// holds the write lock before its first read and cannot fail half-way because another process
// (the bulk-import writer, backup, the maintenance worker) committed after that read. A read-only
// snapshot of several statements stays deferred: it never takes the write lock.
import type { Db } from './open';

/** Runs `fn` in a BEGIN IMMEDIATE transaction: commits when it returns, rolls back when it throws. */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/** Runs `fn` on one consistent snapshot (BEGIN DEFERRED); `fn` must not write. */
export function readSnapshot<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

/**
 * Begins a read snapshot that stays open across calls until endReadSnapshot: completion's reader
 * lets successive requests share one (completion/reader.ts). Deferred, so it never takes the write
 * lock; the snapshot is taken at its first read.
 */
export function beginReadSnapshot(db: Db): void {
  db.exec('BEGIN');
}

/** Ends a snapshot begun by beginReadSnapshot; the next read sees every commit so far. */
export function endReadSnapshot(db: Db): void {
  db.exec('COMMIT');
}
