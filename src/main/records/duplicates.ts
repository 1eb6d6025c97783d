// Duplicate warning (issue 3) and cart-sync matching (spec 001): what already exists in stock or
// in an open reagent order with the same CAS, or the same product number + brand.
import { parseCas } from '../../shared/cas';
import { OPEN_REAGENT_STATUSES, PRESENT_INVENTORY_STATUSES, type DuplicateReport } from '../../shared/records';
import type { Db } from '../db/open';

export interface DuplicateQuery {
  cas_number?: string;
  product_number?: string;
  brand?: string;
  exclude_order_id?: number;
  exclude_item_id?: number;
}

export function findDuplicates(db: Db, q: DuplicateQuery): DuplicateReport {
  const p = parseCas(q.cas_number ?? '');
  const cas = p.kind === 'valid' || p.kind === 'bad_check_digit' ? p.canonical : '';
  const product = (q.product_number ?? '').trim();
  const brand = (q.brand ?? '').trim();
  const report: DuplicateReport = { inventory: [], orders: [] };
  if (!cas && !(product && brand)) return report;

  const match = (alias: string) => {
    const parts: string[] = [];
    const params: string[] = [];
    if (cas) {
      parts.push(`${alias}.cas_number = ?`);
      params.push(cas);
    }
    if (product && brand) {
      parts.push(`(${alias}.product_number = ? AND ${alias}.brand = ? COLLATE NOCASE)`);
      params.push(product, brand);
    }
    return { sql: `(${parts.join(' OR ')})`, params };
  };
  const matchedBy = (r: { cas_number: string }) => (cas && r.cas_number === cas ? 'cas_number' : 'product_number') as 'cas_number' | 'product_number';

  const mi = match('i');
  const inv = db
    .prepare(
      `SELECT i.id, i.name, i.cas_number, i.brand, i.product_number, i.quantity, i.unit, i.storage_location, i.status FROM inventory_items i
       WHERE ${mi.sql} AND i.status IN (${PRESENT_INVENTORY_STATUSES.map(() => '?').join(',')}) AND i.id IS NOT ? ORDER BY i.id DESC LIMIT 50`,
    )
    .all(...mi.params, ...PRESENT_INVENTORY_STATUSES, q.exclude_item_id ?? null) as DuplicateReport['inventory'];
  report.inventory = inv.map((r) => ({ ...r, matched_by: matchedBy(r) }));

  const mo = match('o');
  const orders = db
    .prepare(
      `SELECT o.id, o.name, o.cas_number, o.brand, o.product_number, o.quantity, o.status, u.display_name AS applicant, o.created_at
       FROM reagent_orders o JOIN users u ON u.id = o.applicant_id
       WHERE ${mo.sql} AND o.status IN (${OPEN_REAGENT_STATUSES.map(() => '?').join(',')}) AND o.id IS NOT ? ORDER BY o.id DESC LIMIT 50`,
    )
    .all(...mo.params, ...OPEN_REAGENT_STATUSES, q.exclude_order_id ?? null) as DuplicateReport['orders'];
  report.orders = orders.map((r) => ({ ...r, matched_by: matchedBy(r) }));
  return report;
}
