// The home screen's reads that both order tables answer alike (counts by status, the orders
// waiting on someone): one query text per table, written once for both owners.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { OrderAlert } from '../../shared/contract/dashboard';

/** An order as the home screen's waiting list shows it, with the applicant's display name. */
export type WaitingOrder = Omit<OrderAlert, 'kind'>;

type OrderTable = 'reagent_orders' | 'consumable_orders';

/** Orders of `table` in `status` (of one applicant, or of everyone when null). */
export function countByStatus(db: Db, table: OrderTable, status: string, applicantId: number | null): number {
  return applicantId === null
    ? (prepareCached(db, `SELECT count(*) FROM ${table} WHERE status = ?`, 'pluck').get(status) as number)
    : (prepareCached(db, `SELECT count(*) FROM ${table} WHERE status = ? AND applicant_id = ?`, 'pluck').get(status, applicantId) as number);
}

/** The last changed orders of `table` in `statuses` (of one applicant, or of everyone when null), newest first. */
export function latestByStatus(db: Db, table: OrderTable, statuses: ReadonlyArray<WaitingOrder['status']>, applicantId: number | null, limit: number): WaitingOrder[] {
  const own = applicantId === null ? '' : ' AND o.applicant_id = ?';
  return prepareCached(
    db,
    `SELECT o.id, o.name, o.status, u.display_name AS applicant, o.reject_reason, o.updated_at FROM ${table} o JOIN users u ON u.id = o.applicant_id
      WHERE o.status IN (${statuses.map(() => '?').join(', ')})${own} ORDER BY o.updated_at DESC, o.id DESC LIMIT ?`,
  ).all(...statuses, ...(applicantId === null ? [] : [applicantId]), limit) as WaitingOrder[];
}
