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

export interface ItemLabelFields {
  id: number;
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  lot_number: string;
  expiry_date: string | null;
  storage_location: string;
  ghs: string;
  controlled: string | null;
}

export interface InventoryReads {
  /** Items in stock or borrowed, oldest first. */
  inStock(): StockIdentity[];
  /** The stored row as it is (every column), or undefined when there is no such item. */
  byId(id: number): InventoryItemRow | undefined;
  /** Every item (any status) whose CAS number a controlled category lists, by CAS then id. */
  inControlledCategory(categoryId: number): Array<{ id: number; name: string; cas: string; location: string; unit: string }>;
  /** What a container's label shows, as stored (ghs "GHS02,GHS07", controlled "1,3"). */
  labelFields(id: number): ItemLabelFields | undefined;
  /** The English name of the most recently changed item with this (canonical) CAS that has one. */
  latestEnglishName(cas: string): { english_name: string; updated_at: string } | undefined;
}

export function inventoryStore(db: Db): InventoryReads {
  return {
    inStock: () =>
      prepareCached(db, `SELECT id, name, cas_number, brand, product_number, lot_number, storage_location FROM inventory_items WHERE status IN ('in_stock', 'borrowed') ORDER BY id`).all() as StockIdentity[],
    byId: (id) => prepareCached(db, 'SELECT * FROM inventory_items WHERE id = ?').get(id) as InventoryItemRow | undefined,
    inControlledCategory: (categoryId) =>
      prepareCached(
        db,
        `SELECT i.id, i.name, i.cas_number AS cas, i.storage_location AS location, i.unit FROM inventory_items i
          WHERE i.cas_number IN (SELECT cas FROM controlled_cas WHERE category_id = ?) ORDER BY i.cas_number, i.id`,
      ).all(categoryId) as Array<{ id: number; name: string; cas: string; location: string; unit: string }>,
    labelFields: (id) =>
      prepareCached(
        db,
        `SELECT id, name, english_name, cas_number, specification, lot_number, expiry_date, storage_location, ghs, controlled
         FROM inventory_items WHERE id = ?`,
      ).get(id) as ItemLabelFields | undefined,
    latestEnglishName: (cas) =>
      prepareCached(db, `SELECT english_name, updated_at FROM inventory_items WHERE cas_number = ? AND english_name <> '' ORDER BY updated_at DESC LIMIT 1`).get(cas) as
        | { english_name: string; updated_at: string }
        | undefined,
  };
}
