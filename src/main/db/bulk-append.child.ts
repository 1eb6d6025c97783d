// What a bulk append (the import's commit) does to a table as a whole, whichever table it is: its
// row count, and its indexes dropped to be built again after the rows. `table` is the caller's own
// constant, never input.
import type { Db } from './open';

/** Rows in `main.<table>`. */
export function rowCount(db: Db, table: string): number {
  return db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get() as number;
}

/**
 * Drops the table's own indexes (not the automatic ones of its constraints) and returns what creates
 * them again from their stored SQL, in their order. Run both inside one transaction, so a failure
 * leaves them as they were.
 */
export function dropIndexes(db: Db, table: string): () => void {
  const indexes = db
    .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid`)
    .all(table) as Array<{ name: string; sql: string }>;
  for (const i of indexes) db.exec(`DROP INDEX main."${i.name.replace(/"/g, '""')}"`);
  return () => indexes.forEach((i) => db.exec(i.sql));
}
