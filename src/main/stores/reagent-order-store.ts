// lab.db's `reagent_orders` table (docs/stores.md): the statements converted so far; the rest of
// its SQL is still in the records services (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { ReagentOrderStatus } from '../../shared/records';

/** An order as the home screen's waiting list shows it, with the applicant's display name. */
export interface WaitingReagentOrder {
  id: number;
  name: string;
  status: 'pending_approval' | 'rejected';
  applicant: string;
  reject_reason: string;
  updated_at: string;
}

export interface ReagentOrderReads {
  /** The English name of the most recently changed order with this (canonical) CAS that has one. */
  latestEnglishName(cas: string): { english_name: string; updated_at: string } | undefined;
  /** Orders in `status` (of one applicant, or of everyone when null). */
  countByStatus(status: ReagentOrderStatus, applicantId: number | null): number;
  /** The last changed orders in `statuses` (of one applicant, or of everyone when null), newest first. */
  latestByStatus(statuses: ReadonlyArray<'pending_approval' | 'rejected'>, applicantId: number | null, limit: number): WaitingReagentOrder[];
  /** Stocked-in orders changed at or after `since` (ISO time): what they cost, by category. */
  stockedInSince(since: string): Array<{ category: string; quantity: number; unit_price: number | null; updated_at: string }>;
}

export function reagentOrderStore(db: Db): ReagentOrderReads {
  return {
    latestEnglishName: (cas) =>
      prepareCached(db, `SELECT english_name, updated_at FROM reagent_orders WHERE cas_number = ? AND english_name <> '' ORDER BY updated_at DESC LIMIT 1`).get(cas) as
        | { english_name: string; updated_at: string }
        | undefined,
    countByStatus: (status, applicantId) =>
      applicantId === null
        ? (prepareCached(db, 'SELECT count(*) AS n FROM reagent_orders WHERE status = ?').get(status) as { n: number }).n
        : (prepareCached(db, 'SELECT count(*) AS n FROM reagent_orders WHERE status = ? AND applicant_id = ?').get(status, applicantId) as { n: number }).n,
    latestByStatus: (statuses, applicantId, limit) => {
      const own = applicantId === null ? '' : ' AND o.applicant_id = ?';
      return prepareCached(
        db,
        `SELECT o.id, o.name, o.status, u.display_name AS applicant, o.reject_reason, o.updated_at FROM reagent_orders o JOIN users u ON u.id = o.applicant_id
          WHERE o.status IN (${statuses.map(() => '?').join(', ')})${own} ORDER BY o.updated_at DESC, o.id DESC LIMIT ?`,
      ).all(...statuses, ...(applicantId === null ? [] : [applicantId]), limit) as WaitingReagentOrder[];
    },
    stockedInSince: (since) =>
      prepareCached(db, `SELECT category, quantity, unit_price, updated_at FROM reagent_orders WHERE status = 'stocked_in' AND updated_at >= ?`).all(since) as Array<{
        category: string;
        quantity: number;
        unit_price: number | null;
        updated_at: string;
      }>,
  };
}
