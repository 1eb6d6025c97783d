// How the UI shows times and yes/no values, in one place. Times are stored as ISO 8601 UTC and
// shown in the lab's time zone (Settings; by default the computer's that runs the app — the same
// zone the services write exports, ledgers and reports in), 24-hour, year first — the same order in
// both languages and never ambiguous (03/04 is March in one country and April in another).
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { TFunction } from 'i18next';
import { isTimeZone } from '../../shared/time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What an empty value looks like wherever one is shown. */
export const EMPTY = '—';

/** Where the last app info's zone is kept, so the next start draws its first screen in it. */
const ZONE_KEY = 'lab.timeZone';

function storedZone(): string | undefined {
  try {
    const z = localStorage.getItem(ZONE_KEY);
    return z && isTimeZone(z) ? z : undefined;
  } catch {
    return undefined;
  }
}

/** The zone times are shown in: the lab's (the app info's, remembered from the last start); else this browser's. */
let zone: string | undefined = storedZone();

/** From the app info: the lab's zone as set, else the computer's that runs the services. */
export function setDisplayTimeZone(tz: { setting: string; computer: string } | undefined): void {
  zone = [tz?.setting, tz?.computer].find((z): z is string => !!z && isTimeZone(z));
  try {
    if (zone) localStorage.setItem(ZONE_KEY, zone);
    else localStorage.removeItem(ZONE_KEY);
  } catch {
    // Storage refused (private window): the zone still applies until the window closes.
  }
}

/** Whether two zones read every moment of this year and the next alike ("UTC" and "Etc/UTC"). */
export function sameZone(a: string, b: string): boolean {
  if (a === b) return true;
  const year = new Date().getUTCFullYear();
  return [0, 3, 6, 9, 12, 15, 18, 21].every((m) => {
    const at = Date.UTC(year, m, 1, 12);
    return dayjs(at).tz(a).format('YYYY-MM-DD HH:mm') === dayjs(at).tz(b).format('YYYY-MM-DD HH:mm');
  });
}

/** The zone times are shown in (an IANA name). */
export const displayTimeZone = (): string => zone ?? dayjs.tz.guess();

/** A moment in the lab's zone. */
export const inLabZone = (iso: string | number | Date): Dayjs => (zone ? dayjs(iso).tz(zone) : dayjs(iso));

const valid = (iso: string | null | undefined): iso is string => typeof iso === 'string' && iso !== '' && dayjs(iso).isValid();

/** `2026-11-23 18:36` in the lab's time. */
export const dateTime = (iso: string | null | undefined): string => (valid(iso) ? inLabZone(iso).format('YYYY-MM-DD HH:mm') : EMPTY);

/** `2026-11-23` — the lab's calendar day (not the UTC one). */
export const date = (iso: string | null | undefined): string => (valid(iso) ? inLabZone(iso).format('YYYY-MM-DD') : EMPTY);

/** Today in the lab, YYYY-MM-DD (expiry states, default dates). */
export const labToday = (): string => inLabZone(Date.now()).format('YYYY-MM-DD');

/** The moment the lab's day `day` (YYYY-MM-DD) begins, as ISO UTC (a filter's bound). */
export const labDayStart = (day: string): string => (zone ? dayjs.tz(day, zone) : dayjs(day)).toISOString();

/** 是/否, Yes/No. SQLite's 1/0 counts as true/false. */
export const boolean = (v: unknown, t: TFunction): string => t(v === true || v === 1 || v === '1' || v === 'true' ? 'format.yes' : 'format.no');
