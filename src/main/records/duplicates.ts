// Duplicate warning (issue 3) and cart-sync matching (spec 001): what already exists in stock or
// in an open reagent order with the same CAS, or the same product number + brand.
import { parseCas } from '../../shared/cas';
import type { DuplicateReport } from '../../shared/records';
import type { Db } from '../db/open';
import { inventoryStore } from '../stores/inventory-store';
import { reagentOrderStore } from '../stores/reagent-order-store';

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

  const matchedBy = (r: { cas_number: string }) => (cas && r.cas_number === cas ? 'cas_number' : 'product_number') as 'cas_number' | 'product_number';
  const m = { cas, product, brand };
  report.inventory = inventoryStore(db).matching(m, q.exclude_item_id ?? null).map((r) => ({ ...r, matched_by: matchedBy(r) }));
  report.orders = reagentOrderStore(db).openMatching(m, q.exclude_order_id ?? null).map((r) => ({ ...r, matched_by: matchedBy(r) }));
  return report;
}
