// Duplicate warning (issue 3) and cart-sync matching (spec 001): what already exists in stock or
// in an open reagent order with the same CAS, or the same product number + brand.
import { parseCas } from '../../shared/cas';
import type { DuplicateReport } from '../../shared/records';
import type { LabReads } from '../stores/lab-data';

export interface DuplicateQuery {
  cas_number?: string;
  product_number?: string;
  brand?: string;
  exclude_order_id?: number;
  exclude_item_id?: number;
}

/** What matches `q`, read in the open unit `r`. */
export async function findDuplicates(r: Pick<LabReads, 'inventory' | 'reagentOrders'>, q: DuplicateQuery): Promise<DuplicateReport> {
  const p = parseCas(q.cas_number ?? '');
  const cas = p.kind === 'valid' || p.kind === 'bad_check_digit' ? p.canonical : '';
  const product = (q.product_number ?? '').trim();
  const brand = (q.brand ?? '').trim();
  const report: DuplicateReport = { inventory: [], orders: [] };
  if (!cas && !(product && brand)) return report;

  const matchedBy = (row: { cas_number: string }) => (cas && row.cas_number === cas ? 'cas_number' : 'product_number') as 'cas_number' | 'product_number';
  const m = { cas, product, brand };
  report.inventory = (await r.inventory.matching(m, q.exclude_item_id ?? null)).map((row) => ({ ...row, matched_by: matchedBy(row) }));
  report.orders = (await r.reagentOrders.openMatching(m, q.exclude_order_id ?? null)).map((row) => ({ ...row, matched_by: matchedBy(row) }));
  return report;
}
