// The spool between a bulk import's scan (import-scan.ts) and its commit (import-write.ts): an SQLite
// file with one table `rows` — `n` (file order, 1…), the item's column values exactly as they will
// be inserted, and `audit_changes` (the audit entry's JSON). The scan does all the per-row work
// (checking, normalizing, the audit text), so the commit is INSERT … SELECT statements with no
// JavaScript per row: that is what keeps 100 000 rows within the commit budget (issue 15).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open';

/** A column name as an SQL identifier (the spool's columns are the record's, quoted anyway). */
export const quoteColumn = (c: string) => `"${c.replace(/"/g, '""')}"`;

/** Writes the spool: one transaction, its journal in memory (a spool cut short is never committed: import-write checks it). */
export class SpoolWriter {
  private readonly db: Db;
  private put: Statement | null = null;
  private cols: string[] = [];

  constructor(file: string) {
    fs.rmSync(file, { force: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = MEMORY');
    this.db.pragma('synchronous = OFF');
    this.db.exec('BEGIN');
  }

  add(values: Record<string, unknown>, auditChanges: string): void {
    if (!this.put) {
      this.cols = Object.keys(values);
      this.db.exec(`CREATE TABLE rows (n INTEGER PRIMARY KEY, ${this.cols.map(quoteColumn).join(', ')}, audit_changes TEXT NOT NULL)`);
      this.put = this.db.prepare(`INSERT INTO rows (${this.cols.map(quoteColumn).join(', ')}, audit_changes) VALUES (${this.cols.map(() => '?').join(', ')}, ?)`);
    }
    this.put.run(...this.cols.map((c) => values[c] ?? null), auditChanges);
  }

  /** Commits the rows (`keep`) or drops them; either way the file is closed. */
  close(keep: boolean): void {
    if (!this.db.open) return;
    try {
      if (this.db.inTransaction) this.db.exec(keep ? 'COMMIT' : 'ROLLBACK');
    } finally {
      this.db.close();
    }
  }
}

export const SPOOL_SCHEMA = 'spool';

/**
 * Attaches the spool to `db` as `spool` (outside any transaction) and returns its item columns
 * (without `n` and `audit_changes`) and its row count; no table means no valid rows.
 */
export function attachSpool(db: Db, file: string): { columns: string[]; rows: number } {
  db.prepare(`ATTACH DATABASE ? AS ${SPOOL_SCHEMA}`).run(file);
  const info = db.prepare(`SELECT name FROM pragma_table_info('rows', '${SPOOL_SCHEMA}')`).pluck().all() as string[];
  if (!info.length) return { columns: [], rows: 0 };
  const rows = db.prepare(`SELECT count(*) FROM ${SPOOL_SCHEMA}.rows`).pluck().get() as number;
  return { columns: info.filter((c) => c !== 'n' && c !== 'audit_changes'), rows };
}

