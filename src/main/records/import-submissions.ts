// Which cart-import item became which order (spec 001; docs/design.md#cart-import). A row is written in the same
// transaction as its order, so "submitted" has one owner: lab.db. The review screen reads it back
// per batch; the order services read it to answer a second submission with the first order.
import type { Db } from '../db/open';
import type { ImportRef, SubmittedItem } from '../../shared/contract/cart';
import { prepareCached } from '../db/statements';

export type ImportOrderKind = SubmittedItem['order_type'];

export interface Submission {
  order_kind: ImportOrderKind;
  order_id: number;
}

export function findSubmission(db: Db, ref: ImportRef): Submission | undefined {
  return prepareCached(db, 'SELECT order_kind, order_id FROM import_submissions WHERE batch_id = ? AND item_id = ?').get(ref.batch_id, ref.item_id) as Submission | undefined;
}

export function recordSubmission(db: Db, ref: ImportRef, kind: ImportOrderKind, orderId: number, userId: number): void {
  prepareCached(db, 'INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by) VALUES (?, ?, ?, ?, ?)').run(ref.batch_id, ref.item_id, kind, orderId, userId);
}

/** A deleted order frees its item: the review screen offers it again. */
export function forgetSubmission(db: Db, kind: ImportOrderKind, orderId: number): void {
  prepareCached(db, 'DELETE FROM import_submissions WHERE order_kind = ? AND order_id = ?').run(kind, orderId);
}

/** item_id → the order it became, for one batch (who submitted it, when). */
export function submissionsOfBatch(db: Db, batchId: string): Record<string, SubmittedItem> {
  const rows = db
    .prepare(
      `SELECT s.item_id, s.order_kind, s.order_id, s.created_at, u.display_name
       FROM import_submissions s JOIN users u ON u.id = s.created_by WHERE s.batch_id = ?`,
    )
    .all(batchId) as Array<{ item_id: string; order_kind: ImportOrderKind; order_id: number; created_at: string; display_name: string }>;
  return Object.fromEntries(rows.map((r) => [r.item_id, { order_type: r.order_kind, order_id: r.order_id, at: r.created_at, by: r.display_name }]));
}

/** The constraint error of a second row for the same batch item (a writer that got there first). */
export function isDuplicateSubmission(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  return err?.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof err.message === 'string' && err.message.includes('import_submissions.');
}
