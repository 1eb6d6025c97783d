// lab.db's `consumable_orders` table (docs/stores.md): the statements converted so far; the rest of
// its SQL is still in the records services (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { ConsumableOrderStatus } from '../../shared/records';

/** An order as the home screen's waiting list shows it, with the applicant's display name. */
export interface WaitingConsumableOrder {
  id: number;
  name: string;
  status: 'pending_approval' | 'rejected';
  applicant: string;
  reject_reason: string;
  updated_at: string;
}

export interface ConsumableOrderReads {
  /** Orders in `status` (of one applicant, or of everyone when null). */
  countByStatus(status: ConsumableOrderStatus, applicantId: number | null): number;
  /** The last changed orders in `statuses` (of one applicant, or of everyone when null), newest first. */
  latestByStatus(statuses: ReadonlyArray<'pending_approval' | 'rejected'>, applicantId: number | null, limit: number): WaitingConsumableOrder[];
  /** Completed orders changed at or after `since` (ISO time): what they cost. */
  completedSince(since: string): Array<{ quantity: number; unit_price: number | null; updated_at: string }>;
}

export function consumableOrderStore(db: Db): ConsumableOrderReads {
  return {
    countByStatus: (status, applicantId) =>
      applicantId === null
        ? (prepareCached(db, 'SELECT count(*) AS n FROM consumable_orders WHERE status = ?').get(status) as { n: number }).n
        : (prepareCached(db, 'SELECT count(*) AS n FROM consumable_orders WHERE status = ? AND applicant_id = ?').get(status, applicantId) as { n: number }).n,
    latestByStatus: (statuses, applicantId, limit) => {
      const own = applicantId === null ? '' : ' AND o.applicant_id = ?';
      return prepareCached(
        db,
        `SELECT o.id, o.name, o.status, u.display_name AS applicant, o.reject_reason, o.updated_at FROM consumable_orders o JOIN users u ON u.id = o.applicant_id
          WHERE o.status IN (${statuses.map(() => '?').join(', ')})${own} ORDER BY o.updated_at DESC, o.id DESC LIMIT ?`,
      ).all(...statuses, ...(applicantId === null ? [] : [applicantId]), limit) as WaitingConsumableOrder[];
    },
    completedSince: (since) =>
      prepareCached(db, `SELECT quantity, unit_price, updated_at FROM consumable_orders WHERE status = 'completed' AND updated_at >= ?`).all(since) as Array<{ quantity: number; unit_price: number | null; updated_at: string }>,
  };
}
