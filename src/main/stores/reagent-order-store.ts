// The one owner of lab.db's `reagent_orders` table (docs/stores.md): every statement that writes
// it, and its reads (the list search over it is record-list-store.ts).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { OPEN_REAGENT_STATUSES, type DuplicateReport, type ReagentOrder } from '../../shared/records';
import { duplicateMatchSql, type DuplicateMatch } from './inventory-store';

/** An order as stored: ReagentOrder with the yes/no as its stored 0/1. */
export type StoredReagentOrder = Omit<ReagentOrder, 'hazardous'> & { hazardous: number };

/** An order as the lists and forms read it (alias `t`): with the applicant's name and the item its stock-in made. */
export const REAGENT_ORDER_VIEW = {
  columns: `t.id, t.name, t.english_name, t.cas_number, t.specification, t.quantity, t.unit_price, t.brand, t.category,
  t.product_number, t.hazardous, t.applicant_id, u.display_name AS applicant, t.notes, t.supplier, t.status, t.reject_reason,
  (SELECT i.id FROM inventory_items i WHERE i.source_order_id = t.id) AS inventory_item_id, t.created_at, t.updated_at, t.controlled`,
  from: `reagent_orders t JOIN users u ON u.id = t.applicant_id`,
};

export interface ReagentOrderReads {
  byId(id: number): StoredReagentOrder | undefined;
  exists(id: number): boolean;
  /** Open orders (pending, approved, arrived) that match (newest first, at most 50), but `excludeId`. */
  openMatching(m: DuplicateMatch, excludeId: number | null): Array<Omit<DuplicateReport['orders'][number], 'matched_by'>>;
}

export interface ReagentOrderWrites extends ReagentOrderReads {
  /** A new order with the given column values; returns its id. */
  insert(row: Record<string, unknown>): number;
  /** The given columns, plus updated_at = now. */
  update(id: number, sets: Record<string, unknown>): void;
  delete(id: number): void;
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

export function reagentOrderStore(db: Db): ReagentOrderWrites {
  return {
    byId: (id) => prepareCached(db, `SELECT ${REAGENT_ORDER_VIEW.columns} FROM ${REAGENT_ORDER_VIEW.from} WHERE t.id = ?`).get(id) as StoredReagentOrder | undefined,
    exists: (id) => prepareCached(db, 'SELECT 1 FROM reagent_orders WHERE id = ?').get(id) !== undefined,
    openMatching: (m, excludeId) => {
      const match = duplicateMatchSql('o', m);
      if (!match) return [];
      return prepareCached(
        db,
        `SELECT o.id, o.name, o.cas_number, o.brand, o.product_number, o.quantity, o.status, u.display_name AS applicant, o.created_at
         FROM reagent_orders o JOIN users u ON u.id = o.applicant_id
         WHERE ${match.sql} AND o.status IN (${OPEN_REAGENT_STATUSES.map(() => '?').join(',')}) AND o.id IS NOT ? ORDER BY o.id DESC LIMIT 50`,
      ).all(...match.params, ...OPEN_REAGENT_STATUSES, excludeId) as Array<Omit<DuplicateReport['orders'][number], 'matched_by'>>;
    },
    insert: (row) => {
      const cols = Object.keys(row);
      return prepareCached(db, `INSERT INTO reagent_orders (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) RETURNING id`, 'pluck').get(...Object.values(row)) as number;
    },
    update: (id, sets) => {
      prepareCached(db, `UPDATE reagent_orders SET ${Object.keys(sets).map((c) => `${c} = ?`).join(', ')}, updated_at = ${NOW} WHERE id = ?`).run(...Object.values(sets), id);
    },
    delete: (id) => {
      prepareCached(db, 'DELETE FROM reagent_orders WHERE id = ?').run(id);
    },
  };
}
