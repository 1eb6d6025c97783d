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
  purpose?: string;
}

/** A movement as the controlled ledger lists it: both people by display name (null: none, or deleted). */
export interface MovementWithPeople {
  id: number;
  at: string;
  kind: MovementKind;
  /** As moved (≥ 0): what a borrowing took or a return brought back, whose delta is 0. */
  amount: number;
  delta: number;
  unit: string;
  balance_after: number;
  reason: string;
  purpose: string;
  /** split: the other item of the pair. */
  related_item_id: number | null;
  user_name: string | null;
  second_user_name: string | null;
}

export interface StockMovementReads {
  /** An item's ledger, oldest first, with the names of the people. */
  forItem(itemId: number): StockMovement[];
  /** The ledger's last movement id (0: none yet). */
  lastId(): number;
  /** An item's movements after movement `afterId` that are not stocktake `exceptStocktakeId`'s own, oldest first. */
  deltasAfter(itemId: number, afterId: number, exceptStocktakeId: number): Array<{ delta: number; unit: string }>;
  /** An item's movements before `before` (ISO time), oldest first, with who acted and who confirmed. */
  forItemBefore(itemId: number, before: string): MovementWithPeople[];
  /** Every `used` movement of a positive amount since `since` (ISO time), oldest first, with its item's name and CAS (deleted items left out). */
  usesSince(since: string): Array<{ amount: number; unit: string; name: string; cas_number: string }>;
}

export interface StockMovementWrites extends StockMovementReads {
  insert(m: NewMovement): number;
  /** The `received` movement of each new item `first`…`last` (a bulk import's rows), as insert writes it for one. */
  insertReceivedFor(userId: number, first: number, last: number): void;
}

const COLS = ['item_id', 'user_id', 'kind', 'amount', 'delta', 'unit', 'balance_after', 'reason', 'order_id', 'second_user_id', 'from_location_id', 'to_location_id', 'from_location', 'to_location', 'related_item_id', 'due_date', 'stocktake_id', 'purpose'] as const;
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
    insert: (m) => prepareCached(db, INSERT, 'pluck').get(...COLS.map((c) => m[c] ?? (c === 'reason' || c === 'purpose' ? '' : null))) as number,
    insertReceivedFor: (userId, first, last) => {
      prepareCached(
        db,
        `INSERT INTO stock_movements (item_id, user_id, kind, amount, delta, unit, balance_after, reason, to_location_id, to_location)
         SELECT id, ?, 'received', quantity, quantity, unit, quantity, '', location_id, NULLIF(storage_location, '')
         FROM inventory_items WHERE id BETWEEN ? AND ? ORDER BY id`,
      ).run(userId, first, last);
    },
    lastId: () => (prepareCached(db, 'SELECT COALESCE(max(id), 0) AS id FROM stock_movements').get() as { id: number }).id,
    deltasAfter: (itemId, afterId, exceptStocktakeId) =>
      prepareCached(db, 'SELECT delta, unit FROM stock_movements WHERE item_id = ? AND id > ? AND stocktake_id IS NOT ? ORDER BY id').all(itemId, afterId, exceptStocktakeId) as Array<{ delta: number; unit: string }>,
    forItemBefore: (itemId, before) =>
      prepareCached(
        db,
        `SELECT m.id, m.at, m.kind, m.amount, m.delta, m.unit, m.balance_after, m.reason, m.purpose, m.related_item_id,
                u.display_name AS user_name, su.display_name AS second_user_name
           FROM stock_movements m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN users su ON su.id = m.second_user_id
          WHERE m.item_id = ? AND m.at < ? ORDER BY m.id`,
      ).all(itemId, before) as MovementWithPeople[],
    usesSince: (since) =>
      prepareCached(
        db,
        `SELECT m.amount, m.unit, i.name, i.cas_number FROM stock_movements m JOIN inventory_items i ON i.id = m.item_id
         WHERE m.kind = 'used' AND m.at >= ? AND m.amount > 0 ORDER BY m.at`,
      ).all(since) as Array<{ amount: number; unit: string; name: string; cas_number: string }>,
  };
}
