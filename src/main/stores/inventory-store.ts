// The one owner of lab.db's `inventory_items` table (docs/stores.md): every statement that writes
// it, and its reads (the list search over it is record-list-store.ts, which owns the search index).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { DuplicateReport, InventoryItem } from '../../shared/records';
import { PRESENT_INVENTORY_STATUSES } from '../../shared/records';
import { IMPORT_PLACES, SPOOL_SCHEMA, quoteColumn } from './import-spool-store';

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
}

export interface InventoryWrites extends InventoryReads {
  /** A new item in stock; returns its id. */
  insert(values: InventoryValues, createdBy: number | null, sourceOrderId: number | null): number;
  /** The given columns, plus updated_at = now. */
  update(id: number, sets: Record<string, unknown>): void;
  delete(id: number): void;
  /** Items at the nodes `locationIds` point to no node (their text stays). */
  detachFromLocations(locationIds: readonly number[]): void;
  /** Each item's location text, its search columns and sort key, in one statement: [id, path, s_storage_location, search_all, storage_location_sort]. */
  setLocationTexts(rows: ReadonlyArray<readonly [id: number, path: string, sStorageLocation: string, searchAll: string, sortKey: string]>): void;
  /**
   * A bulk import's spooled rows `from`…`to` as new items of `createdBy` (the spool attached, its
   * location texts put on their nodes: import-spool-store.ts); `columns` are the spool's item
   * columns but the location. Returns the new ids, ascending.
   */
  insertSpooled(columns: readonly string[], createdBy: number, from: number, to: number): number[];
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
/** Items that are physically somewhere (PRESENT_INVENTORY_STATUSES), as the `(location_id, status)` index reads it. */
const PRESENT = `status IN ('in_stock', 'borrowed')`;

export function inventoryStore(db: Db): InventoryWrites {
  return {
    inStock: () =>
      prepareCached(db, `SELECT id, name, cas_number, brand, product_number, lot_number, storage_location FROM inventory_items WHERE status IN ('in_stock', 'borrowed') ORDER BY id`).all() as StockIdentity[],
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
           updated_at = ${NOW}
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
