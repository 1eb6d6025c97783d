// Seeding for benches and tests: many new rows of one record table in one statement, as a bulk
// import lands them. The search index (src/main/records/search-index.ts) is kept by triggers, and FTS5 writes its pending terms out as a new segment at every statement
// savepoint: one INSERT per row inside a transaction makes one index segment per row (100 000
// rows: ~5× the time of the rows alone). Rows staged in a TEMP table and moved with one
// INSERT … SELECT fire the same triggers inside one statement, so the index is written once.
// Run it inside the caller's transaction.
import type { Db } from '../../src/main/db/open';
import type { RecordTable } from '../../src/main/records/deps';

/** Inserts `rows` (all with the same columns) into `table`; returns their new ids, in order. */
export function insertMany(db: Db, table: RecordTable | 'stock_movements', rows: ReadonlyArray<Record<string, unknown>>): number[] {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]!);
  const stage = `temp.${table}_stage`;
  db.exec(`DROP TABLE IF EXISTS ${stage}; CREATE TABLE ${stage} AS SELECT ${cols.join(', ')} FROM main.${table} WHERE 0`);
  try {
    const put = db.prepare(`INSERT INTO ${stage} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    for (const r of rows) put.run(...cols.map((c) => r[c] ?? null));
    // New ids only grow (AUTOINCREMENT), in the order the SELECT hands the rows over; RETURNING's
    // own order is unspecified, so the ids are sorted.
    const ids = db.prepare(`INSERT INTO main.${table} (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM ${stage} ORDER BY rowid RETURNING id`).pluck().all() as number[];
    return ids.sort((a, b) => a - b);
  } finally {
    db.exec(`DROP TABLE IF EXISTS ${stage}`);
  }
}
