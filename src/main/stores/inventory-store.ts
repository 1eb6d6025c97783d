// lab.db's `inventory_items` table (docs/stores.md): the statements converted so far; the rest of
// its SQL is still in the records services (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

/** What identifies an item in stock for the import's duplicate check. */
export interface StockIdentity {
  id: number;
  name: string;
  cas_number: string | null;
  brand: string | null;
  product_number: string | null;
  lot_number: string | null;
  storage_location: string;
}

/** An item's stored row: the columns named here and every other one (search and sort columns too). */
export type InventoryItemRow = Record<string, unknown> & {
  id: number;
  name: string;
  status: string;
  quantity: number;
  unit: string;
  storage_location: string;
  location_id: number | null;
  controlled: string | null;
};

export interface InventoryReads {
  /** Items in stock or borrowed, oldest first. */
  inStock(): StockIdentity[];
  /** The stored row as it is (every column), or undefined when there is no such item. */
  byId(id: number): InventoryItemRow | undefined;
}

export function inventoryStore(db: Db): InventoryReads {
  return {
    inStock: () =>
      prepareCached(db, `SELECT id, name, cas_number, brand, product_number, lot_number, storage_location FROM inventory_items WHERE status IN ('in_stock', 'borrowed') ORDER BY id`).all() as StockIdentity[],
    byId: (id) => prepareCached(db, 'SELECT * FROM inventory_items WHERE id = ?').get(id) as InventoryItemRow | undefined,
  };
}
