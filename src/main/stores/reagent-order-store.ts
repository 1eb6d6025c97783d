// The one owner of lab.db's `reagent_orders` table (docs/stores.md): every statement that writes
// it, and its reads (the list search over it is record-list-store.ts).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { countByStatus, latestByStatus, type WaitingOrder } from './order-waiting';
import { OPEN_REAGENT_STATUSES, type DuplicateReport, type ReagentOrder, type ReagentOrderStatus } from '../../shared/records';
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
  /** The English name of the most recently changed order with this (canonical) CAS that has one. */
  latestEnglishName(cas: string): { english_name: string; updated_at: string } | undefined;
  /** Orders in `status` (of one applicant, or of everyone when null). */
  countByStatus(status: ReagentOrderStatus, applicantId: number | null): number;
  /** The last changed orders in `statuses` (of one applicant, or of everyone when null), newest first. */
  latestByStatus(statuses: ReadonlyArray<'pending_approval' | 'rejected'>, applicantId: number | null, limit: number): WaitingOrder[];
  /** Stocked-in orders changed at or after `since` (ISO time): what they cost, by category. */
  stockedInSince(since: string): Array<{ category: string; quantity: number; unit_price: number | null; updated_at: string }>;
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
    latestEnglishName: (cas) =>
      prepareCached(db, `SELECT english_name, updated_at FROM reagent_orders WHERE cas_number = ? AND english_name <> '' ORDER BY updated_at DESC LIMIT 1`).get(cas) as
        | { english_name: string; updated_at: string }
        | undefined,
    countByStatus: (status, applicantId) => countByStatus(db, 'reagent_orders', status, applicantId),
    latestByStatus: (statuses, applicantId, limit) => latestByStatus(db, 'reagent_orders', statuses, applicantId, limit),
    stockedInSince: (since) =>
      prepareCached(db, `SELECT category, quantity, unit_price, updated_at FROM reagent_orders WHERE status = 'stocked_in' AND updated_at >= ?`).all(since) as Array<{
        category: string;
        quantity: number;
        unit_price: number | null;
        updated_at: string;
      }>,
  };
}
