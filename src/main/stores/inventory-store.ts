// The one owner of lab.db's `inventory_items` table (docs/stores.md): every statement that writes
// it, and its reads (the list search over it is record-list-store.ts, which owns the search index).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { DuplicateReport, InventoryItem } from '../../shared/records';
import { PRESENT_INVENTORY_STATUSES } from '../../shared/records';
import { IMPORT_PLACES, SPOOL_SCHEMA, quoteColumn } from './import-spool-store';
import type { AlertBatch } from '../../shared/contract/dashboard';

/** What identifies an item in stock for the import's duplicate check. */
export interface StockIdentity {
  id: number;
  name: string;
  cas_number: string | null;
  brand: string | null;
  product_number: string | null;
  lot_number: string | null;
  storage_location: string;
  /** What an import adding to it needs: its unit, and whether it is controlled (categories, or null). */
  unit: string;
  controlled: string | null;
}

/** An item as stored: InventoryItem with the yes/no and the pictograms as their stored text. */
export type StoredInventoryItem = Omit<InventoryItem, 'hazardous' | 'ghs'> & { hazardous: number; ghs: string };

/** A new item's column values (column → value), from the services' fixed field lists. */
export type InventoryValues = Record<string, string | number | null>;

/** What a duplicate check looks for: the CAS (canonical), or product number + brand; '' = not given. */
export interface DuplicateMatch {
  cas: string;
  product: string;
  brand: string;
}

/** The condition of a duplicate match on table alias `alias` (its columns as named in both record tables that have them), or null when nothing is given. */
export function duplicateMatchSql(alias: string, m: DuplicateMatch): { sql: string; params: string[] } | null {
  const parts: string[] = [];
  const params: string[] = [];
  if (m.cas) {
    parts.push(`${alias}.cas_number = ?`);
    params.push(m.cas);
  }
  if (m.product && m.brand) {
    parts.push(`(${alias}.product_number = ? AND ${alias}.brand = ? COLLATE NOCASE)`);
    params.push(m.product, m.brand);
  }
  return parts.length ? { sql: `(${parts.join(' OR ')})`, params } : null;
}

/** An item as the lists and forms read it (alias `t`): its row with the borrower's and the creator's names. */
export const INVENTORY_VIEW = {
  columns: `t.id, t.name, t.english_name, t.cas_number, t.specification, t.quantity, t.unit, t.storage_location, t.brand,
  t.category, t.product_number, t.hazardous, t.status, t.borrowed_by, bu.display_name AS borrowed_by_name, t.borrowed_at,
  t.source_order_id, t.created_by, cu.display_name AS created_by_name, t.created_at, t.updated_at,
  t.location_id, t.container_size, t.container_label, t.lot_number, t.expiry_date, t.received_date, t.opened_date,
  t.supplier, t.min_stock, t.ghs, t.notes, t.borrowed_amount, t.borrow_due, t.controlled`,
  from: `inventory_items t LEFT JOIN users bu ON bu.id = t.borrowed_by LEFT JOIN users cu ON cu.id = t.created_by`,
};

/** Items that are physically somewhere (PRESENT_INVENTORY_STATUSES), as the `(location_id, status)` index reads it. */
const PRESENT = `status IN ('in_stock', 'borrowed')`;

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


/** An alert of the home screen, for the lab's local day: its card counts these items and its list filter shows them. */
export type DateAlert = { alert: 'expired' | 'overdue'; today: string } | { alert: 'expiring'; today: string; until: string };
export type ItemAlert = DateAlert | { alert: 'below_min'; ids: readonly number[] };

/**
 * An alert's condition on the inventory list's rows (alias `t`): the dashboard counts with it and
 * the list's alert filter (records/search.ts takes a condition) shows the same rows.
 */
export function itemAlertCondition(a: ItemAlert): { sql: string; params: unknown[] } {
  switch (a.alert) {
    // An empty bottle still in stock (nothing left, not yet used up) is not expired or expiring: there is nothing to throw away or use first.
    case 'expired':
      return { sql: `t.expiry_date < ? AND t.${PRESENT} AND t.quantity > 0`, params: [a.today] };
    case 'expiring':
      return { sql: `t.expiry_date >= ? AND t.expiry_date <= ? AND t.${PRESENT} AND t.quantity > 0`, params: [a.today, a.until] };
    case 'overdue':
      return { sql: `t.borrow_due IS NOT NULL AND t.borrow_due < ? AND t.${PRESENT}`, params: [a.today] };
    case 'below_min':
      return { sql: `t.id IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(a.ids)] };
  }
}

/**
 * What one batch of a date alert is: the items of one name, CAS number, specification and lot with
 * the date the alert is about; an overdue borrowing also by its borrower. Split containers and
 * several bottles of one delivery are one line on the home screen, not one each.
 */
const ALERT_BATCH: Record<DateAlert['alert'], string> = {
  expired: 't.name, t.cas_number, t.specification, t.lot_number, t.expiry_date',
  expiring: 't.name, t.cas_number, t.specification, t.lot_number, t.expiry_date',
  overdue: 't.name, t.cas_number, t.specification, t.lot_number, t.borrow_due, t.borrowed_by',
};
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
  byId(id: number): StoredInventoryItem | undefined;
  exists(id: number): boolean;
  nameOf(id: number): string | undefined;
  /** The item's controlled-list categories ("1,3"), null when none; undefined when there is no such item. */
  controlledOf(id: number): string | null | undefined;
  /** Items in stock or borrowed that match (newest first, at most 50), but `excludeId`. */
  matching(m: DuplicateMatch, excludeId: number | null): Array<Omit<DuplicateReport['inventory'][number], 'matched_by'>>;
  /** Items in stock or borrowed at the nodes `locationIds`. */
  presentCountAt(locationIds: readonly number[]): number;
  /** Every column of the items at the nodes `locationIds` whose text is not their node's path, with that path. */
  withStalePath(locationIds: readonly number[]): Array<Record<string, unknown> & { id: number; new_path: string }>;
  /** Every item (any status) whose CAS number a controlled category lists, by CAS then id. */
  inControlledCategory(categoryId: number): Array<{ id: number; name: string; cas: string; location: string; unit: string }>;
  /** What a container's label shows, as stored (ghs "GHS02,GHS07", controlled "1,3"). */
  labelFields(id: number): ItemLabelFields | undefined;
  /** The English name of the most recently changed item with this (canonical) CAS that has one. */
  latestEnglishName(cas: string): { english_name: string; updated_at: string } | undefined;
  /** How many items an alert counts. */
  alertCount(a: ItemAlert): number;
  /** The batches of a date alert (ALERT_BATCH): how many, and the first `limit`, soonest date first, with where they are and who borrowed them. */
  alertBatches(a: DateAlert, limit: number): { total: number; first: AlertBatch[] };
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

export interface InventoryWrites extends InventoryReads {
  /** A new item in stock; returns its id. */
  insert(values: InventoryValues, createdBy: number | null, sourceOrderId: number | null): number;
  /** The given columns, plus updated_at = now. */
  update(id: number, sets: Record<string, unknown>): void;
  delete(id: number): void;
  /** Items at the nodes `locationIds` point to no node (their text stays). */
  detachFromLocations(locationIds: readonly number[]): void;
  /** Each item's location text, its search columns, pinyin and sort key, in one statement: [id, path, s_storage_location, search_all, storage_location_sort, py_storage_location]. */
  setLocationTexts(rows: ReadonlyArray<readonly [id: number, path: string, sStorageLocation: string, searchAll: string, sortKey: string, pinyin: string]>): void;
  /**
   * A bulk import's spooled rows `from`…`to` as new items of `createdBy` (the spool attached, its
   * location texts put on their nodes: import-spool-store.ts); `columns` are the spool's item
   * columns but the location. Returns the new ids, ascending.
   */
  insertSpooled(columns: readonly string[], createdBy: number, from: number, to: number): number[];
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

function inventoryReads(db: Db): InventoryReads {
  return {
    inStock: () =>
      prepareCached(db, `SELECT id, name, cas_number, brand, product_number, lot_number, storage_location, unit, controlled FROM inventory_items WHERE status IN ('in_stock', 'borrowed') ORDER BY id`).all() as StockIdentity[],
    byId: (id) => prepareCached(db, `SELECT ${INVENTORY_VIEW.columns} FROM ${INVENTORY_VIEW.from} WHERE t.id = ?`).get(id) as StoredInventoryItem | undefined,
    exists: (id) => prepareCached(db, 'SELECT 1 FROM inventory_items WHERE id = ?').get(id) !== undefined,
    nameOf: (id) => prepareCached(db, 'SELECT name FROM inventory_items WHERE id = ?', 'pluck').get(id) as string | undefined,
    controlledOf: (id) => prepareCached(db, 'SELECT controlled FROM inventory_items WHERE id = ?', 'pluck').get(id) as string | null | undefined,
    matching: (m, excludeId) => {
      const match = duplicateMatchSql('i', m);
      if (!match) return [];
      return prepareCached(
        db,
        `SELECT i.id, i.name, i.cas_number, i.brand, i.product_number, i.quantity, i.unit, i.storage_location, i.status FROM inventory_items i
         WHERE ${match.sql} AND i.status IN (${PRESENT_INVENTORY_STATUSES.map(() => '?').join(',')}) AND i.id IS NOT ? ORDER BY i.id DESC LIMIT 50`,
      ).all(...match.params, ...PRESENT_INVENTORY_STATUSES, excludeId) as Array<Omit<DuplicateReport['inventory'][number], 'matched_by'>>;
    },
    presentCountAt: (locationIds) => prepareCached(db, `SELECT count(*) FROM inventory_items WHERE location_id IN (SELECT value FROM json_each(?)) AND ${PRESENT}`, 'pluck').get(JSON.stringify(locationIds)) as number,
    withStalePath: (locationIds) =>
      prepareCached(
        db,
        `SELECT t.*, l.path AS new_path FROM inventory_items t JOIN locations l ON l.id = t.location_id WHERE t.location_id IN (SELECT value FROM json_each(?)) AND t.storage_location != l.path`,
      ).all(JSON.stringify(locationIds)) as Array<Record<string, unknown> & { id: number; new_path: string }>,
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
    alertBatches: (a, limit) => {
      const c = itemAlertCondition(a);
      const total = prepareCached(db, `SELECT count(*) FROM (SELECT 1 FROM inventory_items t WHERE ${c.sql} GROUP BY ${ALERT_BATCH[a.alert]})`, 'pluck').get(...c.params) as number;
      const first = prepareCached(
        db,
        `SELECT min(t.id) AS id, t.name, t.cas_number, t.specification, t.lot_number, t.expiry_date, t.borrow_due, u.display_name AS borrowed_by_name,
                count(*) AS count, json_group_array(DISTINCT t.storage_location) AS locations
         FROM inventory_items t LEFT JOIN users u ON u.id = t.borrowed_by WHERE ${c.sql}
         GROUP BY ${ALERT_BATCH[a.alert]} ORDER BY ${ALERT_ORDER[a.alert]}, min(t.id) LIMIT ?`,
      ).all(...c.params, limit) as Array<Omit<AlertBatch, 'locations'> & { locations: string }>;
      return { total, first: first.map((b) => ({ ...b, locations: (JSON.parse(b.locations) as string[]).filter(Boolean) })) };
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

export function inventoryStore(db: Db): InventoryWrites {
  return {
    ...inventoryReads(db),
    insert: (values, createdBy, sourceOrderId) => {
      const cols = Object.keys(values);
      return prepareCached(
        db,
        `INSERT INTO inventory_items (${cols.join(', ')}, status, created_by, source_order_id) VALUES (${cols.map(() => '?').join(', ')}, 'in_stock', ?, ?) RETURNING id`,
        'pluck',
      ).get(...cols.map((c) => values[c]), createdBy, sourceOrderId) as number;
    },
    update: (id, sets) => {
      prepareCached(db, `UPDATE inventory_items SET ${Object.keys(sets).map((c) => `${c} = ?`).join(', ')}, updated_at = ${NOW} WHERE id = ?`).run(...Object.values(sets), id);
    },
    delete: (id) => {
      prepareCached(db, 'DELETE FROM inventory_items WHERE id = ?').run(id);
    },
    detachFromLocations: (locationIds) => {
      prepareCached(db, `UPDATE inventory_items SET location_id = NULL WHERE location_id IN (SELECT value FROM json_each(?))`).run(JSON.stringify(locationIds));
    },
    setLocationTexts: (rows) => {
      prepareCached(
        db,
        `UPDATE inventory_items SET storage_location = j.value ->> 1, s_storage_location = j.value ->> 2, search_all = j.value ->> 3, storage_location_sort = j.value ->> 4,
           py_storage_location = j.value ->> 5, updated_at = ${NOW}
         FROM json_each(?) j WHERE inventory_items.id = j.value ->> 0`,
      ).run(JSON.stringify(rows));
    },
    insertSpooled: (columns, createdBy, from, to) => {
      // New ids only grow (AUTOINCREMENT) in the order the SELECT hands rows over; RETURNING's own
      // order is unspecified, so they are sorted.
      const ids = prepareCached(
        db,
        `INSERT INTO main.inventory_items (${columns.map(quoteColumn).join(', ')}, storage_location, location_id, status, created_by, source_order_id)
         SELECT ${columns.map((c) => `s.${quoteColumn(c)}`).join(', ')}, p.path, p.location_id, 'in_stock', ?, NULL
         FROM ${SPOOL_SCHEMA}.rows s JOIN ${IMPORT_PLACES} p ON p.text IS s.storage_location
         WHERE s.n BETWEEN ? AND ? ORDER BY s.n RETURNING id`,
        'pluck',
      ).all(createdBy, from, to) as number[];
      return ids.sort((a, b) => a - b);
    },
  };
}
