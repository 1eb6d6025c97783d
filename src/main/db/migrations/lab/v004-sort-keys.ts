// lab.db v4. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import type { Db } from '../../open';
import { sortKeyV1 } from '../frozen/sort-key';

export const v004: Migration = {
  version: 4,
  description: 'sort keys (pinyin for Chinese, lower case otherwise) for the sortable text columns and user names, filled and indexed',
  up(db) {
    // The lists of this version, written out.
    addSortKeys(db, 'inventory_items', ['name', 'english_name', 'specification', 'unit', 'storage_location', 'brand', 'category', 'product_number']);
    addSortKeys(db, 'reagent_orders', ['name', 'english_name', 'specification', 'brand', 'category', 'product_number']);
    addSortKeys(db, 'consumable_orders', ['name', 'specification', 'communication']);
    addSortKeys(db, 'users', ['display_name']);
    // The list sorted inventory by this index; it sorts by name_sort now, and nothing else reads it.
    db.exec('DROP INDEX inventory_name');
  },
};

/** Adds `<column>_sort` to a table, fills it for the rows there are, and indexes it (list sorts). */
function addSortKeys(db: Db, table: string, columns: string[]): void {
  for (const c of columns) db.exec(`ALTER TABLE ${table} ADD COLUMN ${c}_sort TEXT NOT NULL DEFAULT ''`);
  const update = db.prepare(`UPDATE ${table} SET ${columns.map((c) => `${c}_sort = ?`).join(', ')} WHERE id = ?`);
  for (const row of db.prepare(`SELECT id, ${columns.join(', ')} FROM ${table}`).all() as Array<Record<string, string | null> & { id: number }>) {
    update.run(...columns.map((c) => sortKeyV1(row[c] ?? '')), row.id);
  }
  for (const c of columns) db.exec(`CREATE INDEX ${table}_${c}_sort ON ${table}(${c}_sort)`);
}
