// Numbers as zh-CN and en both write them: digits grouped by three with ",", "." before decimals.
// Written out rather than Number.toLocaleString: the first toLocaleString in a window loads the
// browser's number-formatting data, 20–50 ms (up to 185 ms seen) on the first render of every list
// screen (its "N items" total).

/** 100000 → "100,000"; -1234.5 → "-1,234.5" (the digits as String() writes them, grouped). */
export function groupDigits(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [int = '', frac] = String(Math.abs(n)).split('.');
  if (int.includes('e')) return String(n);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}

/** Two decimals, grouped: 1234.5 → "1,234.50". */
export function groupFixed2(n: number): string {
  const fixed = Math.abs(n).toFixed(2);
  const [int = '', frac = ''] = fixed.split('.');
  const negative = n < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+$)/g, ',')}.${frac}`;
}
