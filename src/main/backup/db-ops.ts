// The heavy SQLite work of backup and restore (VACUUM INTO, integrity_check, WAL replay). It runs
// in a worker thread (db-worker-entry.ts) so the app's main thread keeps serving requests while a
// large database is copied and checked; the same functions run inline where blocking is fine
// (before a migration, during a move). The driver is a parameter so both get the same code.
import type BetterSqlite3 from 'better-sqlite3';

export interface DbCheck {
  integrity: string[];
  schemaVersion: number;
  counts: Record<string, number>;
}

export function dbOps(Database: typeof BetterSqlite3) {
  const counts = (db: BetterSqlite3.Database): Record<string, number> => {
    const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = db.prepare(`SELECT count(*) FROM "${t.replace(/"/g, '""')}"`).pluck().get() as number;
    return out;
  };
  return {
    /** One consistent snapshot of a live database from a separate read-only connection. */
    vacuumInto(src: string, dest: string): void {
      const db = new Database(src, { readonly: true, fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        db.prepare('VACUUM INTO ?').run(dest);
      } finally {
        db.close();
      }
    },
    check(file: string): DbCheck {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check);
        if (integrity.length !== 1 || integrity[0] !== 'ok') return { integrity, schemaVersion: -1, counts: {} };
        return { integrity, schemaVersion: db.pragma('user_version', { simple: true }) as number, counts: counts(db) };
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
        db.pragma('busy_timeout = 2000');
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
    },
    /** Opens a copied database read-write so SQLite replays its -wal, then folds the log into the file. */
    checkpoint(file: string): void {
      const db = new Database(file, { fileMustExist: true });
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.pragma('journal_mode = DELETE');
      } finally {
        db.close();
      }
    },
    counts(file: string): Record<string, number> {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return counts(db);
      } finally {
        db.close();
      }
    },
  };
}

export type DbOps = ReturnType<typeof dbOps>;
export type DbOpName = keyof DbOps;
