// lab.db v6. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import { createSearchIndexV10 } from '../frozen/list-search-index';

export const v006: Migration = {
  version: 6,
  description: 'list search index (FTS5 trigram over the normalized search columns, kept by triggers) and one index per list sort',
  up(db) {
    // In v10's shape (v10 rebuilds it once more, which costs an upgrade from v5 a few seconds
    // and keeps one definition of the index).
    for (const table of ['inventory_items', 'reagent_orders', 'consumable_orders']) createSearchIndexV10(db, table);
    // One index per sortable column, with status as its second column: a page sorted by the
    // column walks it in order and a status filter is read from the index itself (no row
    // lookups, no sort of every matching row). They replace v4's one-column sort-key indexes.
    const sortIndexes: Record<string, string[]> = {
      inventory_items: ['id', 'name_sort', 'english_name_sort', 'cas_number', 'specification_sort', 'quantity', 'unit_sort', 'storage_location_sort', 'brand_sort', 'category_sort', 'product_number_sort', 'hazardous', 'borrowed_at', 'created_at', 'updated_at'],
      reagent_orders: ['id', 'name_sort', 'english_name_sort', 'cas_number', 'specification_sort', 'quantity', 'unit_price', 'brand_sort', 'category_sort', 'product_number_sort', 'hazardous', 'created_at', 'updated_at'],
      consumable_orders: ['id', 'name_sort', 'specification_sort', 'quantity', 'unit_price', 'communication_sort', 'created_at', 'updated_at'],
    };
    for (const [table, cols] of Object.entries(sortIndexes)) {
      for (const c of cols) {
        if (c.endsWith('_sort')) db.exec(`DROP INDEX IF EXISTS ${table}_${c}`);
        db.exec(`CREATE INDEX ${table}_by_${c.replace(/_sort$/, '')} ON ${table}(${c}, status)`);
      }
    }
    db.exec('DROP INDEX inventory_updated');
  },
};
