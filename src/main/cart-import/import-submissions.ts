// Which cart-import item became which order (spec 001; docs/design.md#cart-import). A row is written in the same
// transaction as its order, so "submitted" has one owner: lab.db (stores/import-submission-store.ts).
// The review screen reads it back per batch; the order services read it to answer a second
// submission with the first order.
import type { Db } from '../db/open';
import type { SubmittedItem } from '../../shared/contract/cart';
import { importSubmissionStore } from '../stores/import-submission-store';

/** item_id → the order it became, for one batch (who submitted it, when). */
export function submissionsOfBatch(db: Db, batchId: string): Record<string, SubmittedItem> {
  const rows = importSubmissionStore(db).ofBatch(batchId);
  return Object.fromEntries(rows.map((r) => [r.item_id, { order_type: r.order_kind, order_id: r.order_id, at: r.created_at, by: r.by }]));
}
