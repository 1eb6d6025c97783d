// lab.db v5. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import type { Db } from '../../open';

export const v005: Migration = {
  version: 5,
  description: 'order unit_price may be NULL (no price given); stored 0 placeholders become NULL',
  up(db) {
    // Version 1 wrote 0 for "no price", which the lists then showed as a price of 0. A typed price
    // of 0 cannot be told apart from that placeholder; an order without a price is far more
    // common than a free one, so each stored 0 becomes NULL.
    for (const table of ['reagent_orders', 'consumable_orders']) dropUnitPriceNotNull(db, table);
    db.exec(`UPDATE reagent_orders SET unit_price = NULL WHERE unit_price = 0;
               UPDATE consumable_orders SET unit_price = NULL WHERE unit_price = 0;`);
  },
};

/** Removes NOT NULL and the default from unit_price by rewriting the stored CREATE TABLE text —
 *  the procedure SQLite documents for dropping a NOT NULL constraint (no table rebuild, so the
 *  foreign key from inventory_items.source_order_id is left alone). Runs in the migration's
 *  transaction; defensive mode is lifted for the rewrite only. */
function dropUnitPriceNotNull(db: Db, table: string): void {
  const { sql } = db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(table) as { sql: string };
  const next = sql.replace('unit_price REAL NOT NULL DEFAULT 0 CHECK (unit_price >= 0)', 'unit_price REAL CHECK (unit_price >= 0)');
  if (next === sql) throw new Error(`${table}: unit_price definition not as expected`);
  const version = db.pragma('schema_version', { simple: true }) as number;
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.prepare(`UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?`).run(next, table);
    db.pragma(`schema_version = ${version + 1}`);
    db.pragma('writable_schema = OFF');
  } finally {
    db.unsafeMode(false);
  }
}
