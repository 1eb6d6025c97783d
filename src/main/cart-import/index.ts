// The cart-import room's part on the current connection: cart-sync matching and which items of a
// batch already became orders. The latest batch itself (batch-store.ts) belongs to the data
// directory, not to a connection, so the composition root builds it once, beside the backups.
import type { Db } from '../db/open';
import type { SubmittedItem } from '../../shared/contract/cart';
import { cartSync, type CartSyncItem } from './cart-sync';
import { submissionsOfBatch } from './import-submissions';

export interface CartReview {
  cartSync(items: CartSyncItem[]): ReturnType<typeof cartSync>;
  /** item_id → the order it became, for one batch. */
  submitted(batchId: string): Record<string, SubmittedItem>;
}

export function wire(deps: { db: Db }): CartReview {
  return { cartSync: (items) => cartSync(deps.db, items), submitted: (batchId) => submissionsOfBatch(deps.db, batchId) };
}
