// Opening SQLite files the way the whole app expects: WAL, foreign keys, a bounded busy wait.
import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** Lock wait in milliseconds (spec 000: 100 ms for requests, 3 s for background maintenance). */
  busyTimeoutMs?: number;
}

/** Bytes a write-ahead log file keeps on disk after it is started over. */
export const JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024;

export function openDatabase(file: string, opts: OpenOptions = {}): Db {
  const db = new Database(file, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
  db.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? 5000}`);
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // A rebuild grows completion.db's log to tens of megabytes; once a checkpoint has copied it
    // all, the next writer that starts the log over cuts the file back to this size. (The
    // maintenance worker's connection opts out while it rebuilds: completion/maintenance.child.ts.)
    db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  }
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * A new scratch file written in one go by one connection and thrown away if cut short (the import
 * spool): its journal in memory and no syncs, which is safe only because nothing reads it unless
 * the whole transaction committed.
 */
export function openScratchDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  return db;
}

export function tableExists(db: Db, name: string): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
}
