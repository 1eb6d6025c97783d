// The lab's calendar: dates (expiry, borrowing due) are local days, YYYY-MM-DD, in the time zone of
// the machine that runs the server (the lab's own computer). "Today" is that machine's local date,
// so an item expiring today is still usable today and expired from local midnight on. Tests pick
// the zone with process.env.TZ and the moment with the `now` the service is given.

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a moment. */
export function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar day `days` after `day` (negative: before); pure calendar arithmetic, no time zone. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The local month of a moment, YYYY-MM. */
export function localMonth(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}`;
}

/** The moment local midnight of `day` begins, as the ISO text stored timestamps compare with. */
export function startOfLocalDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** The last `n` local months up to and including the one of `now`, oldest first. */
export function lastMonths(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) out.push(localMonth(new Date(now.getFullYear(), now.getMonth() - i, 1)));
  return out;
}
