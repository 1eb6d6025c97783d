// The cart-import room's part on the current connections (the seam, `deps.data`): cart-sync
// matching and which items of a batch already became orders. The latest batch itself
// (batch-store.ts) belongs to the data directory, not to a connection, so the composition root
// builds it once, beside the backups.
import type { SubmittedItem } from '../../shared/contract/cart';
import type { LabData } from '../stores/lab-data';
import { cartSync, type CartSyncItem } from './cart-sync';
import { submissionsOfBatch } from './import-submissions';

export interface CartReview {
  cartSync(items: CartSyncItem[]): ReturnType<typeof cartSync>;
  /** item_id → the order it became, for one batch. */
  submitted(batchId: string): Promise<Record<string, SubmittedItem>>;
}

export function wire(deps: { data: LabData }): CartReview {
  return {
    cartSync: (items) => deps.data.read((r) => cartSync(r, items)),
    submitted: (batchId) => deps.data.read((r) => submissionsOfBatch(r, batchId)),
  };
}
