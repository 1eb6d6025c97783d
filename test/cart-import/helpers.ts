// Test data for the app side of the cart import: a well-formed batch as the extension builds it.
import type { BatchItem, ImportBatch } from '../../src/shared/cart-batch';

export function item(n: number, over: Partial<BatchItem> = {}): BatchItem {
  return {
    item_id: `item-${n}`,
    supplier: 'fixture',
    name: `试剂${n}`,
    english_name: '',
    specification: 'AR 500mL',
    brand: '化试通',
    cas_number: '64-17-5',
    product_id: `FX-${n}`,
    detail_url: `http://127.0.0.1:1/product/FX-${n}`,
    quantity: 1,
    unit_price: 10,
    hazardous: false,
    suggested_order_type: 'reagent',
    order_type: 'reagent',
    classification_reason: 'valid_cas',
    detail_fetch_status: 'success',
    ...over,
  };
}

export function batch(over: Partial<ImportBatch> = {}, createdAt = new Date()): ImportBatch {
  return { batch_id: `b-${Math.random().toString(36).slice(2, 12)}`, created_at: createdAt.toISOString(), items: [item(1), item(2)], ...over };
}
