// The transaction policy (docs/stores.md): every transaction that writes begins IMMEDIATE, so it
// holds the write lock before its first read and cannot fail half-way because another process
// (the bulk-import writer, backup, the maintenance worker) committed after that read. A read-only
// snapshot of several statements stays deferred: it never takes the write lock.
import type { Db } from './open';

/**
 * Connections with an asynchronous unit of work open (db/unit-of-work.ts). While services are
 * converted room by room, a synchronous write may meet one only if a unit awaited something
 * other than its stores (a timer, a file, a hash): better-sqlite3 would nest the write as a
 * savepoint of the unit's transaction, committed or rolled back with another request's work.
 * That is refused loudly instead of happening silently.
 */
export const unitOpen = new WeakSet<Db>();

/** Runs `fn` in a BEGIN IMMEDIATE transaction: commits when it returns, rolls back when it throws. */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  if (unitOpen.has(db)) throw new Error('a synchronous write transaction ran inside an open unit of work (the unit awaited I/O while open)');
  return db.transaction(fn).immediate();
}

/** Runs `fn` on one consistent snapshot (BEGIN DEFERRED); `fn` must not write. */
export function readSnapshot<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

/**
 * Begins a deferred transaction that stays open across calls and awaits, on a connection of its
 * own: a read snapshot held while an export writes its file (closing the connection ends it), or
 * a scratch file written in one go (endTransaction), or the snapshot completion's reader lets
 * successive requests share (completion/reader.ts).
 */
export function beginTransaction(db: Db): void {
  db.exec('BEGIN');
}

/** Commits (`commit`) or rolls back the transaction beginTransaction opened, if one is open. */
export function endTransaction(db: Db, commit: boolean): void {
  if (db.inTransaction) db.exec(commit ? 'COMMIT' : 'ROLLBACK');
}
