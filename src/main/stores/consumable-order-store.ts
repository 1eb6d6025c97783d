// The one owner of lab.db's `consumable_orders` table (docs/stores.md): every statement that writes
// it, and its reads (the list search over it is record-list-store.ts).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { countByStatus, latestByStatus, type WaitingOrder } from './order-waiting';
import type { ConsumableOrder, ConsumableOrderStatus } from '../../shared/records';

/** An order as the lists and forms read it (alias `t`): with the applicant's name. */
export const CONSUMABLE_ORDER_VIEW = {
  columns: `t.id, t.name, t.specification, t.quantity, t.unit_price, t.communication, t.applicant_id,
  u.display_name AS applicant, t.notes, t.status, t.reject_reason, t.created_at, t.updated_at`,
  from: `consumable_orders t JOIN users u ON u.id = t.applicant_id`,
};

export interface ConsumableOrderReads {
  byId(id: number): ConsumableOrder | undefined;
  exists(id: number): boolean;
  /** Orders in `status` (of one applicant, or of everyone when null). */
  countByStatus(status: ConsumableOrderStatus, applicantId: number | null): number;
  /** The last changed orders in `statuses` (of one applicant, or of everyone when null), newest first. */
  latestByStatus(statuses: ReadonlyArray<'pending_approval' | 'rejected'>, applicantId: number | null, limit: number): WaitingOrder[];
  /** Completed orders changed at or after `since` (ISO time): what they cost. */
  completedSince(since: string): Array<{ quantity: number; unit_price: number | null; updated_at: string }>;
}

export interface ConsumableOrderWrites extends ConsumableOrderReads {
  /** A new order with the given column values; returns its id. */
  insert(row: Record<string, unknown>): number;
  /** The given columns, plus updated_at = now. */
  update(id: number, sets: Record<string, unknown>): void;
  delete(id: number): void;
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

export function consumableOrderStore(db: Db): ConsumableOrderWrites {
  return {
    byId: (id) => prepareCached(db, `SELECT ${CONSUMABLE_ORDER_VIEW.columns} FROM ${CONSUMABLE_ORDER_VIEW.from} WHERE t.id = ?`).get(id) as ConsumableOrder | undefined,
    exists: (id) => prepareCached(db, 'SELECT 1 FROM consumable_orders WHERE id = ?').get(id) !== undefined,
    insert: (row) => {
      const cols = Object.keys(row);
      return prepareCached(db, `INSERT INTO consumable_orders (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) RETURNING id`, 'pluck').get(...Object.values(row)) as number;
    },
    update: (id, sets) => {
      prepareCached(db, `UPDATE consumable_orders SET ${Object.keys(sets).map((c) => `${c} = ?`).join(', ')}, updated_at = ${NOW} WHERE id = ?`).run(...Object.values(sets), id);
    },
    delete: (id) => {
      prepareCached(db, 'DELETE FROM consumable_orders WHERE id = ?').run(id);
    },
    countByStatus: (status, applicantId) => countByStatus(db, 'consumable_orders', status, applicantId),
    latestByStatus: (statuses, applicantId, limit) => latestByStatus(db, 'consumable_orders', statuses, applicantId, limit),
    completedSince: (since) =>
      prepareCached(db, `SELECT quantity, unit_price, updated_at FROM consumable_orders WHERE status = 'completed' AND updated_at >= ?`).all(since) as Array<{ quantity: number; unit_price: number | null; updated_at: string }>,
  };
}
