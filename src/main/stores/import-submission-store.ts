// The one owner of lab.db's `import_submissions` table (docs/stores.md): which cart-import batch
// item became which order, written in the order's own transaction.
import type { Db } from '../db/open';
import { isUniqueViolation } from '../db/constraint';
import { prepareCached } from '../db/statements';

export type ImportOrderKind = 'reagent' | 'consumable';

export interface Submission {
  order_kind: ImportOrderKind;
  order_id: number;
}

export interface ImportSubmissionReads {
  /** The order batch item `itemId` of batch `batchId` became, if any. */
  forItem(batchId: string, itemId: string): Submission | undefined;
  /** Every submitted item of a batch, with who submitted it (display name) and when. */
  ofBatch(batchId: string): Array<Submission & { item_id: string; created_at: string; by: string }>;
}

export interface ImportSubmissionWrites extends ImportSubmissionReads {
  insert(s: { batch_id: string; item_id: string; order_kind: ImportOrderKind; order_id: number; created_by: number }): number;
  /** Frees the item an order came from (the order is gone). */
  deleteForOrder(kind: ImportOrderKind, orderId: number): void;
}

export function importSubmissionStore(db: Db): ImportSubmissionWrites {
  return {
    forItem: (batchId, itemId) => prepareCached(db, 'SELECT order_kind, order_id FROM import_submissions WHERE batch_id = ? AND item_id = ?').get(batchId, itemId) as Submission | undefined,
    ofBatch: (batchId) =>
      prepareCached(
        db,
        `SELECT s.item_id, s.order_kind, s.order_id, s.created_at, u.display_name AS by
         FROM import_submissions s JOIN users u ON u.id = s.created_by WHERE s.batch_id = ?`,
      ).all(batchId) as Array<Submission & { item_id: string; created_at: string; by: string }>,
    insert: (s) =>
      prepareCached(db, 'INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by) VALUES (?, ?, ?, ?, ?) RETURNING id', 'pluck').get(s.batch_id, s.item_id, s.order_kind, s.order_id, s.created_by) as number,
    deleteForOrder: (kind, orderId) => {
      prepareCached(db, 'DELETE FROM import_submissions WHERE order_kind = ? AND order_id = ?').run(kind, orderId);
    },
  };
}

/** Whether `e` is the refusal of a second row for the same batch item (a writer that got there first). */
export function isDuplicateSubmission(e: unknown): boolean {
  return isUniqueViolation(e) && e instanceof Error && e.message.includes('import_submissions.');
}
