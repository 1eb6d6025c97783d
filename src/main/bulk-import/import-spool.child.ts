// The spool between a bulk import's scan (import-scan.child.ts) and its commit (import-write.child.ts): an SQLite
// file of the rows exactly as they will be inserted, with their audit text
// (stores/import-spool-store.ts). The scan does all the per-row work (checking, normalizing, the
// audit text), so the commit is INSERT … SELECT statements with no JavaScript per row: that is
// what keeps 100 000 rows within the commit budget (issue 15).
import fs from 'node:fs';
import { openScratchDatabase, type Db } from '../db/open';
import { beginTransaction, endTransaction } from '../db/transaction';
import { importSpoolStore, type SpooledAddition } from '../stores/import-spool-store';

/** Writes the spool: one transaction, its journal in memory (a spool cut short is never committed: import-write checks it). */
export class SpoolWriter {
  private readonly db: Db;
  private put: ((values: Record<string, unknown>, auditChanges: string) => void) | null = null;

  constructor(file: string) {
    fs.rmSync(file, { force: true });
    this.db = openScratchDatabase(file);
    beginTransaction(this.db);
  }

  add(values: Record<string, unknown>, auditChanges: string): void {
    // The first row's columns are every row's (the scan makes them all with inventoryRowValues).
    this.put ??= importSpoolStore(this.db).createRows(Object.keys(values));
    this.put(values, auditChanges);
  }

  /** `duplicates: 'add'`: the rows to add to items in stock, and the new items whose quantity identical later rows grew. */
  grow(plan: { additions: readonly SpooledAddition[]; quantities: ReadonlyArray<{ n: number; quantity: number }> }): void {
    const store = importSpoolStore(this.db);
    store.putAdditions(plan.additions);
    if (plan.quantities.length) store.setQuantities(plan.quantities);
  }

  /** Commits the rows (`keep`) or drops them; either way the file is closed. */
  close(keep: boolean): void {
    if (!this.db.open) return;
    try {
      endTransaction(this.db, keep);
    } finally {
      this.db.close();
    }
  }
}
