// POST /api/cart-sync: per batch item, what the lab already has — open reagent orders and present
// inventory with the same CAS or the same product number + brand (the records domain's duplicate
// query) — plus an English name from existing records with the same CAS (offline completion).
import { parseCas } from '../../shared/cas';
import type { CartSyncResult } from '../../shared/contract/cart';
import type { LabReads } from '../stores/lab-data';
import { findDuplicates } from '../records/duplicates';

export interface CartSyncItem {
  item_id: string;
  cas_number: string;
  product_number: string;
  brand: string;
}

type Reads = Pick<LabReads, 'inventory' | 'reagentOrders'>;

/** Read in the open unit `r`. */
export async function englishNameForCas(r: Reads, casText: string): Promise<string> {
  const p = parseCas(casText);
  if (p.kind !== 'valid') return '';
  const order = await r.reagentOrders.latestEnglishName(p.canonical);
  const item = await r.inventory.latestEnglishName(p.canonical);
  // The newer of the two; an order wins a tie (as it did when one query read both tables).
  const row = order && item ? (order.updated_at >= item.updated_at ? order : item) : (order ?? item);
  return row?.english_name ?? '';
}

/** Every item's matches, read in the open unit `r` (one snapshot for the whole cart). */
export async function cartSync(r: Reads, items: CartSyncItem[]): Promise<CartSyncResult[]> {
  const out: CartSyncResult[] = [];
  for (const it of items) {
    const dup = await findDuplicates(r, { cas_number: it.cas_number, product_number: it.product_number, brand: it.brand });
    out.push({ item_id: it.item_id, orders: dup.orders, inventory: dup.inventory, english_name: await englishNameForCas(r, it.cas_number) });
  }
  return out;
}
