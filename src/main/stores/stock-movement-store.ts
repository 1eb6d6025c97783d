// lab.db's `stock_movements` table, the ledger (docs/stores.md): the statements converted so far;
// the ledger's writer is still in records/stock-ledger.ts (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { MovementKind } from '../../shared/stock';

/** A movement as the controlled ledger lists it: both people by display name (null: none, or deleted). */
export interface MovementWithPeople {
  at: string;
  kind: MovementKind;
  delta: number;
  unit: string;
  balance_after: number;
  reason: string;
  user_name: string | null;
  second_user_name: string | null;
}

export interface StockMovementReads {
  /** The ledger's last movement id (0: none yet). */
  lastId(): number;
  /** An item's movements after movement `afterId` that are not stocktake `exceptStocktakeId`'s own, oldest first. */
  deltasAfter(itemId: number, afterId: number, exceptStocktakeId: number): Array<{ delta: number; unit: string }>;
  /** An item's movements before `before` (ISO time), oldest first, with who acted and who confirmed. */
  forItemBefore(itemId: number, before: string): MovementWithPeople[];
  /** Every `used` movement of a positive amount since `since` (ISO time), oldest first, with its item's name and CAS (deleted items left out). */
  usesSince(since: string): Array<{ amount: number; unit: string; name: string; cas_number: string }>;
}

export function stockMovementStore(db: Db): StockMovementReads {
  return {
    lastId: () => (prepareCached(db, 'SELECT COALESCE(max(id), 0) AS id FROM stock_movements').get() as { id: number }).id,
    deltasAfter: (itemId, afterId, exceptStocktakeId) =>
      prepareCached(db, 'SELECT delta, unit FROM stock_movements WHERE item_id = ? AND id > ? AND stocktake_id IS NOT ? ORDER BY id').all(itemId, afterId, exceptStocktakeId) as Array<{ delta: number; unit: string }>,
    forItemBefore: (itemId, before) =>
      prepareCached(
        db,
        `SELECT m.at, m.kind, m.delta, m.unit, m.balance_after, m.reason, u.display_name AS user_name, su.display_name AS second_user_name
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
