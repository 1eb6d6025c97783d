// The lab's calendar: dates (expiry, borrowing due) are local days, YYYY-MM-DD, in the time zone of
// the machine that runs the server (the lab's own computer). "Today" is that machine's local date,
// so an item expiring today is still usable today and expired from local midnight on. Tests pick
// the zone with process.env.TZ and the moment with the `now` the service is given.

const pad = (n: number) => String(n).padStart(2, '0');

// The day itself and day arithmetic are src/shared/stock.ts (`localDay`, `addDays`); here the
// months and moments the dashboard's queries need.

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
