// Settings of one connection and operations on a whole database file that belong to no table:
// cache and memory-map sizes, the lock wait, the write-ahead log's checkpoints, the schema's object
// names. Named functions, so rooms never write a PRAGMA themselves (docs/stores.md).
import type { Db } from './open';
import { prepareCached } from './statements';

/** Integers only: the value is written into the PRAGMA's text. */
function int(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new Error(`${what} must be an integer, got ${n}`);
  return n;
}

/** How long a statement waits for a lock before SQLITE_BUSY. */
export function setBusyTimeout(db: Db, ms: number): void {
  db.pragma(`busy_timeout = ${int(ms, 'busy_timeout')}`);
}

/** Page cache of this connection, in KiB. */
export function setCacheSize(db: Db, kib: number): void {
  db.pragma(`cache_size = ${-int(kib, 'cache_size')}`);
}

/** Bytes of the file read through a memory map; 0 turns the map off. */
export function setMmapSize(db: Db, bytes: number): void {
  db.pragma(`mmap_size = ${int(bytes, 'mmap_size')}`);
}

/** Bytes a write-ahead log keeps on disk after it starts over; -1 keeps it whole. */
export function setJournalSizeLimit(db: Db, bytes: number): void {
  db.pragma(`journal_size_limit = ${int(bytes, 'journal_size_limit')}`);
}

/** Log pages after which a commit checkpoints by itself (0 = never). */
export function walAutocheckpoint(db: Db): number {
  return db.pragma('wal_autocheckpoint', { simple: true }) as number;
}

export function setWalAutocheckpoint(db: Db, pages: number): void {
  db.pragma(`wal_autocheckpoint = ${int(pages, 'wal_autocheckpoint')}`);
}

/** Copies what no reader still needs from the log into the file; never takes the write lock. */
export function checkpointPassive(db: Db): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}

/** Moves when another connection commits to the file (per connection; SQLite's data_version). */
export function dataVersion(db: Db): number {
  return (prepareCached(db, 'PRAGMA data_version').get() as { data_version: number }).data_version;
}

/** Names of every table and index in the file. */
export function schemaObjectNames(db: Db): Set<string> {
  return new Set((prepareCached(db, "SELECT name FROM sqlite_master WHERE type IN ('table','index')").all() as { name: string }[]).map((r) => r.name));
}

/** Rows this connection has changed since it opened. */
export function totalChanges(db: Db): number {
  return prepareCached(db, 'SELECT total_changes()', 'pluck').get() as number;
}
