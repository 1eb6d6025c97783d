// Whole-connection settings and counters that belong to no table (docs/stores.md).
import type { Db } from './open';
import { prepareCached } from './statements';

/** Changes whenever another connection commits to the file (SQLite's PRAGMA data_version). */
export function dataVersion(db: Db): number {
  return prepareCached(db, 'PRAGMA data_version', 'pluck').get() as number;
}

/** Rows this connection has changed since it opened. */
export function totalChanges(db: Db): number {
  return prepareCached(db, 'SELECT total_changes()', 'pluck').get() as number;
}

/** Pages of write-ahead log after which a commit copies the log back; 0: never on its own. */
export function setWalAutocheckpoint(db: Db, pages: number): void {
  db.pragma(`wal_autocheckpoint = ${Math.trunc(pages)}`);
}

/** The connection's page cache, in KiB. */
export function setCacheSizeKib(db: Db, kib: number): void {
  db.pragma(`cache_size = -${Math.trunc(kib)}`);
}

/** Copies what it can of the write-ahead log into the file without waiting for readers. */
export function checkpointPassive(db: Db): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}
