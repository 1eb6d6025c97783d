// Money as the lab reads it: yuan with the ¥ sign and two decimals; no price is an empty cell,
// never ¥0.00 (an order without a price is not a free order).
export function formatYuan(amount: number | null | undefined, lang: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return `¥${amount.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Quantity × unit price, or null while the price is unknown. */
export function orderTotal(quantity: number, unitPrice: number | null | undefined): number | null {
  return unitPrice === null || unitPrice === undefined ? null : Math.round(quantity * unitPrice * 100) / 100;
}
