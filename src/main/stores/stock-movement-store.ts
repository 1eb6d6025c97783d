// The one owner of lab.db's `stock_movements` table (docs/stores.md): the stock ledger (台账), one row
// per change of an item's amount, written in the change's own transaction and never changed after.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { MovementKind, StockMovement } from '../../shared/stock';

/** A movement to write; what is left out is stored empty (reason '') or NULL. */
export interface NewMovement {
  item_id: number;
  user_id: number | null;
  kind: MovementKind;
  amount: number;
  delta: number;
  unit: string;
  balance_after: number;
  reason?: string;
  order_id?: number | null;
  second_user_id?: number | null;
  from_location_id?: number | null;
  to_location_id?: number | null;
  from_location?: string | null;
  to_location?: string | null;
  related_item_id?: number | null;
  due_date?: string | null;
  stocktake_id?: number | null;
}

export interface StockMovementReads {
  /** An item's ledger, oldest first, with the names of the people. */
  forItem(itemId: number): StockMovement[];
}

export interface StockMovementWrites extends StockMovementReads {
  insert(m: NewMovement): number;
  /** The `received` movement of each new item `first`…`last` (a bulk import's rows), as insert writes it for one. */
  insertReceivedFor(userId: number, first: number, last: number): void;
}

const COLS = ['item_id', 'user_id', 'kind', 'amount', 'delta', 'unit', 'balance_after', 'reason', 'order_id', 'second_user_id', 'from_location_id', 'to_location_id', 'from_location', 'to_location', 'related_item_id', 'due_date', 'stocktake_id'] as const;
const INSERT = `INSERT INTO stock_movements (${COLS.join(', ')}) VALUES (${COLS.map(() => '?').join(', ')}) RETURNING id`;

export function stockMovementStore(db: Db): StockMovementWrites {
  return {
    forItem: (itemId) =>
      prepareCached(
        db,
        `SELECT m.*, u.display_name AS user_name, su.display_name AS second_user_name
         FROM stock_movements m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN users su ON su.id = m.second_user_id
         WHERE m.item_id = ? ORDER BY m.id`,
      ).all(itemId) as StockMovement[],
    insert: (m) => prepareCached(db, INSERT, 'pluck').get(...COLS.map((c) => m[c] ?? (c === 'reason' ? '' : null))) as number,
    insertReceivedFor: (userId, first, last) => {
      prepareCached(
        db,
        `INSERT INTO stock_movements (item_id, user_id, kind, amount, delta, unit, balance_after, reason, to_location_id, to_location)
         SELECT id, ?, 'received', quantity, quantity, unit, quantity, '', location_id, NULLIF(storage_location, '')
         FROM inventory_items WHERE id BETWEEN ? AND ? ORDER BY id`,
      ).run(userId, first, last);
    },
  };
}
