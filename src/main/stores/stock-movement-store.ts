// lab.db's `stock_movements` table, the ledger (docs/stores.md): the statements converted so far;
// the ledger's writer is still in records/stock-ledger.ts (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

export interface StockMovementReads {
  /** The ledger's last movement id (0: none yet). */
  lastId(): number;
  /** An item's movements after movement `afterId` that are not stocktake `exceptStocktakeId`'s own, oldest first. */
  deltasAfter(itemId: number, afterId: number, exceptStocktakeId: number): Array<{ delta: number; unit: string }>;
}

export function stockMovementStore(db: Db): StockMovementReads {
  return {
    lastId: () => (prepareCached(db, 'SELECT COALESCE(max(id), 0) AS id FROM stock_movements').get() as { id: number }).id,
    deltasAfter: (itemId, afterId, exceptStocktakeId) =>
      prepareCached(db, 'SELECT delta, unit FROM stock_movements WHERE item_id = ? AND id > ? AND stocktake_id IS NOT ? ORDER BY id').all(itemId, afterId, exceptStocktakeId) as Array<{ delta: number; unit: string }>,
  };
}
