// Money as the lab reads it: yuan with the ¥ sign and two decimals; no price is an empty cell,
// never ¥0.00 (an order without a price is not a free order).
import { groupFixed2 } from '../i18n/numbers';

/** zh-CN and en write yuan alike (numbers.ts). */
export function formatYuan(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return `¥${groupFixed2(amount)}`;
}

/** Quantity × unit price, or null while the price is unknown. */
export function orderTotal(quantity: number, unitPrice: number | null | undefined): number | null {
  return unitPrice === null || unitPrice === undefined ? null : Math.round(quantity * unitPrice * 100) / 100;
}
