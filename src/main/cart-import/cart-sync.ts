// POST /api/cart-sync: per batch item, what the lab already has — open reagent orders and present
// inventory with the same CAS or the same product number + brand (the records domain's duplicate
// query) — plus an English name from existing records with the same CAS (offline completion).
import { parseCas } from '../../shared/cas';
import type { CartSyncResult } from '../../shared/contract/cart';
import type { Db } from '../db/open';
import { findDuplicates } from '../records/duplicates';
import { inventoryStore } from '../stores/inventory-store';
import { reagentOrderStore } from '../stores/reagent-order-store';

export interface CartSyncItem {
  item_id: string;
  cas_number: string;
  product_number: string;
  brand: string;
}

export function englishNameForCas(db: Db, casText: string): string {
  const p = parseCas(casText);
  if (p.kind !== 'valid') return '';
  const order = reagentOrderStore(db).latestEnglishName(p.canonical);
  const item = inventoryStore(db).latestEnglishName(p.canonical);
  // The newer of the two; an order wins a tie (as it did when one query read both tables).
  const row = order && item ? (order.updated_at >= item.updated_at ? order : item) : (order ?? item);
  return row?.english_name ?? '';
}

export function cartSync(db: Db, items: CartSyncItem[]): CartSyncResult[] {
  return items.map((it) => {
    const dup = findDuplicates(db, { cas_number: it.cas_number, product_number: it.product_number, brand: it.brand });
    return { item_id: it.item_id, orders: dup.orders, inventory: dup.inventory, english_name: englishNameForCas(db, it.cas_number) };
  });
}
