// The asynchronous seam between services and a database engine (docs/stores.md): services ask for
// a read or a write unit of work and get store objects inside it; they never hold the driver. The
// SQLite implementation below keeps the promises SQLite itself cannot keep once work awaits:
// - one write unit at a time (a queue of one in front of the write connection), so while a unit
//   awaits, no other request's statement can run inside its open transaction;
// - reads on a separate connection, so they never see another unit's uncommitted rows.
// PostgreSQL implements the same interface with a pooled connection per unit.
import { AsyncLocalStorage } from 'node:async_hooks';
import pLimit from 'p-limit';
import type { Db } from './open';
import { unitOpen } from './transaction';

export interface UnitOfWork<R, W> {
  /** A consistent snapshot on the read connection; sees only committed data. */
  read<T>(fn: (stores: R) => T | Promise<T>): Promise<T>;
  /** One unit of work: BEGIN IMMEDIATE … COMMIT, or ROLLBACK when `fn` throws or rejects. */
  withWriteTransaction<T>(fn: (stores: W) => T | Promise<T>): Promise<T>;
}

/**
 * A unit asked for inside another unit of the same seam. A write inside a write would wait for
 * itself in the queue of one (a hang); a read inside a write would not see the writes before it.
 * Either is a mistake in the caller's composition: pass the stores of the open unit on instead.
 */
export class NestedUnitError extends Error {
  constructor(outer: UnitKind, inner: UnitKind) {
    super(`a ${inner} unit of work was opened inside an open ${outer} unit: pass the open unit's stores on instead`);
    this.name = 'NestedUnitError';
  }
}

export type UnitKind = 'read' | 'write';

/**
 * One seam's nesting rule, for either engine: `unit(kind, open)` refuses with NestedUnitError when
 * the running code is already inside a unit of the same seam, else runs `open` marked as inside
 * one. The mark follows the unit's awaits, not other requests (AsyncLocalStorage).
 */
export function unitNesting(): <T>(kind: UnitKind, open: () => Promise<T>) => Promise<T> {
  const inside = new AsyncLocalStorage<UnitKind>();
  return async (kind, open) => {
    const outer = inside.getStore();
    if (outer) throw new NestedUnitError(outer, kind);
    return inside.run(kind, open);
  };
}

export interface SqliteUnitOfWorkOptions<R, W> {
  /** The connection that writes; only write units use it. */
  write: Db;
  /** A second connection to the same file for reads (WAL lets it read beside the writer). */
  read: Db;
  readStores(db: Db): R;
  writeStores(db: Db): W;
}

/**
 * Runs `fn` inside BEGIN … COMMIT on `db`; ROLLBACK when it throws. The caller's queue makes sure
 * no other unit uses `db` until this one settles (SQLite has one transaction per connection).
 */
async function inTransaction<T>(db: Db, begin: 'BEGIN' | 'BEGIN IMMEDIATE', fn: () => T | Promise<T>): Promise<T> {
  db.exec(begin);
  unitOpen.add(db);
  try {
    const result = await fn();
    db.exec('COMMIT');
    return result;
  } catch (e) {
    // A failed COMMIT or a statement error may have ended the transaction already.
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  } finally {
    unitOpen.delete(db);
  }
}

export function sqliteUnitOfWork<R, W>(opts: SqliteUnitOfWorkOptions<R, W>): UnitOfWork<R, W> {
  const writeQueue = pLimit(1);
  // Reads queue too: a connection holds one snapshot at a time. Units resolve in microtasks unless
  // they await other I/O, so the queue costs a read nothing while the writer holds its lock.
  const readQueue = pLimit(1);
  const writeStores = opts.writeStores(opts.write);
  const readStores = opts.readStores(opts.read);
  const unit = unitNesting();
  return {
    read: async (fn) => unit('read', () => readQueue(() => inTransaction(opts.read, 'BEGIN', () => fn(readStores)))),
    withWriteTransaction: async (fn) => unit('write', () => writeQueue(() => inTransaction(opts.write, 'BEGIN IMMEDIATE', () => fn(writeStores)))),
  };
}
