// The heavy SQLite work of backup and restore (VACUUM INTO, integrity_check, WAL replay). It runs
// in a worker thread (db-worker-entry.ts) so the app's main thread keeps serving requests while a
// large database is copied and checked; the same functions run inline where blocking is fine
// (before a migration, during a move). The driver is a parameter so both get the same code.
import type BetterSqlite3 from 'better-sqlite3';
import { schemaVersion } from '../db/migrate';
import { checkpointTruncate, integrityCheck, tableRowCounts, useRollbackJournal, vacuumInto } from '../db/whole-database';
import { setBusyTimeout } from '../db/connection';

export interface DbCheck {
  integrity: string[];
  schemaVersion: number;
  counts: Record<string, number>;
}

export function dbOps(Database: typeof BetterSqlite3) {
  return {
    /** One consistent snapshot of a live database from a separate read-only connection. */
    vacuumInto(src: string, dest: string): void {
      const db = new Database(src, { readonly: true, fileMustExist: true });
      try {
        setBusyTimeout(db, 5000);
        vacuumInto(db, dest);
      } finally {
        db.close();
      }
    },
    check(file: string): DbCheck {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const integrity = integrityCheck(db);
        if (integrity.length !== 1 || integrity[0] !== 'ok') return { integrity, schemaVersion: -1, counts: {} };
        return { integrity, schemaVersion: schemaVersion(db), counts: tableRowCounts(db) };
      } finally {
        db.close();
      }
    },
    /**
     * Copies a live database's write-ahead log into the file, so that when the app later closes its
     * own last connection (restore, move) that close has nothing left to copy and sync.
     */
    foldLog(file: string): void {
      const db = new Database(file, { fileMustExist: true });
      try {
        setBusyTimeout(db, 2000);
        checkpointTruncate(db);
      } finally {
        db.close();
      }
    },
    /** Opens a copied database read-write so SQLite replays its -wal, then folds the log into the file. */
    checkpoint(file: string): void {
      const db = new Database(file, { fileMustExist: true });
      try {
        checkpointTruncate(db);
        useRollbackJournal(db);
      } finally {
        db.close();
      }
    },
    counts(file: string): Record<string, number> {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return tableRowCounts(db);
      } finally {
        db.close();
      }
    },
  };
}

export type DbOps = ReturnType<typeof dbOps>;
export type DbOpName = keyof DbOps;
