// lab.db's `inventory_items` table (docs/stores.md): the statements converted so far; the rest of
// its SQL is still in the records services (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { AlertItem } from '../../shared/contract/dashboard';

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

/** Items still in the lab: only these expire, run short or are overdue. */
const PRESENT = `status IN ('in_stock','borrowed')`;

/** An alert of the home screen, for the lab's local day: its card counts these items and its list filter shows them. */
export type DateAlert = { alert: 'expired' | 'overdue'; today: string } | { alert: 'expiring'; today: string; until: string };
export type ItemAlert = DateAlert | { alert: 'below_min'; ids: readonly number[] };

/**
 * An alert's condition on the inventory list's rows (alias `t`): the dashboard counts with it and
 * the list's alert filter (records/search.ts takes a condition) shows the same rows.
 */
export function itemAlertCondition(a: ItemAlert): { sql: string; params: unknown[] } {
  switch (a.alert) {
    case 'expired':
      return { sql: `t.expiry_date < ? AND t.${PRESENT}`, params: [a.today] };
    case 'expiring':
      return { sql: `t.expiry_date >= ? AND t.expiry_date <= ? AND t.${PRESENT}`, params: [a.today, a.until] };
    case 'overdue':
      return { sql: `t.borrow_due IS NOT NULL AND t.borrow_due < ? AND t.${PRESENT}`, params: [a.today] };
    case 'below_min':
      return { sql: `t.id IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(a.ids)] };
  }
}

const ALERT_ITEM_COLUMNS = `t.id, t.name, t.cas_number, t.specification, t.quantity, t.unit, t.storage_location, t.expiry_date, t.borrow_due, u.display_name AS borrowed_by_name`;
const ALERT_ORDER: Record<DateAlert['alert'], string> = { expired: 't.expiry_date', expiring: 't.expiry_date', overdue: 't.borrow_due' };

/** What identifies a chemical: its CAS number, or its name when it has none (name_key is '' otherwise), and its specification. */
export interface ChemicalKey {
  cas_number: string;
  name_key: string;
  specification: string;
}

export interface MinimumRow extends ChemicalKey {
  name: string;
  min_stock: number;
  unit: string;
}

export interface ItemAmount {
  id: number;
  quantity: number;
  unit: string;
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
  /** How many items an alert counts. */
  alertCount(a: ItemAlert): number;
  /** The first items of a date alert, soonest date first, with who borrowed them. */
  alertFirst(a: DateAlert, limit: number): AlertItem[];
  /** The minimum stock each item with one sets, oldest item first. */
  withMinimum(): MinimumRow[];
  /** Items with a minimum stock that are no longer present (used up, disposed). */
  absentWithMinimum(): Array<{ id: number } & ChemicalKey>;
  /** The present items of a chemical with a CAS number (through the chemical index). */
  presentOfChemical(cas: string, specification: string): ItemAmount[];
  /** The present items without a CAS number of the named chemicals, in one pass. */
  presentWithoutCas(chemicals: ReadonlyArray<{ name: string; specification: string }>): Array<ItemAmount & { name: string; specification: string }>;
  /** Present items per stored GHS pictogram list ("GHS02,GHS07"). */
  presentGhsCounts(): Array<{ ghs: string; n: number }>;
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
    alertCount: (a) => {
      const c = itemAlertCondition(a);
      return (prepareCached(db, `SELECT count(*) AS n FROM inventory_items t WHERE ${c.sql}`).get(...c.params) as { n: number }).n;
    },
    alertFirst: (a, limit) => {
      const c = itemAlertCondition(a);
      return prepareCached(db, `SELECT ${ALERT_ITEM_COLUMNS} FROM inventory_items t LEFT JOIN users u ON u.id = t.borrowed_by WHERE ${c.sql} ORDER BY ${ALERT_ORDER[a.alert]}, t.id LIMIT ?`).all(
        ...c.params,
        limit,
      ) as AlertItem[];
    },
    withMinimum: () =>
      prepareCached(
        db,
        `SELECT cas_number, CASE WHEN cas_number = '' THEN name ELSE '' END AS name_key, specification, name, min_stock, unit
         FROM inventory_items WHERE min_stock IS NOT NULL ORDER BY id`,
      ).all() as MinimumRow[],
    absentWithMinimum: () =>
      prepareCached(db, `SELECT id, cas_number, CASE WHEN cas_number = '' THEN name ELSE '' END AS name_key, specification FROM inventory_items WHERE min_stock IS NOT NULL AND NOT ${PRESENT}`).all() as Array<
        { id: number } & ChemicalKey
      >,
    presentOfChemical: (cas, specification) =>
      prepareCached(db, `SELECT id, quantity, unit FROM inventory_items WHERE cas_number = ? AND specification = ? AND ${PRESENT}`).all(cas, specification) as ItemAmount[],
    presentWithoutCas: (chemicals) => {
      // One key per chemical (name and specification joined by a unit separator), matched in one pass.
      const keys = chemicals.map((c) => `${c.name}\u001f${c.specification}`);
      return prepareCached(
        db,
        `SELECT id, quantity, unit, name, specification FROM inventory_items
         WHERE cas_number = '' AND ${PRESENT} AND name || char(31) || specification IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(keys)) as Array<ItemAmount & { name: string; specification: string }>;
    },
    presentGhsCounts: () => prepareCached(db, `SELECT ghs, count(*) AS n FROM inventory_items WHERE ghs != '' AND ${PRESENT} GROUP BY ghs`).all() as Array<{ ghs: string; n: number }>,
  };
}
