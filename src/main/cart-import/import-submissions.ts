// Which cart-import item became which order (spec 001; docs/design.md#cart-import). A row is written in the same
// unit of work as its order, so "submitted" has one owner: lab.db (stores/import-submission-store.ts).
// The review screen reads it back per batch; the order services read it to answer a second
// submission with the first order.
import type { SubmittedItem } from '../../shared/contract/cart';
import type { LabReads } from '../stores/lab-data';

/** item_id → the order it became, for one batch (who submitted it, when), read in the open unit `r`. */
export async function submissionsOfBatch(r: Pick<LabReads, 'importSubmissions'>, batchId: string): Promise<Record<string, SubmittedItem>> {
  const rows = await r.importSubmissions.ofBatch(batchId);
  return Object.fromEntries(rows.map((row) => [row.item_id, { order_type: row.order_kind, order_id: row.order_id, at: row.created_at, by: row.by }]));
}
