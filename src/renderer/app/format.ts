// How the UI shows times and yes/no values, in one place. Times are stored as ISO 8601 UTC and
// shown in the computer's local time zone (the lab's), 24-hour, year first — the same order in
// both languages and never ambiguous (03/04 is March in one country and April in another).
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** What an empty value looks like wherever one is shown. */
export const EMPTY = '—';

const valid = (iso: string | null | undefined): iso is string => typeof iso === 'string' && iso !== '' && dayjs(iso).isValid();

/** `2026-11-23 18:36` in local time. */
export const dateTime = (iso: string | null | undefined): string => (valid(iso) ? dayjs(iso).format('YYYY-MM-DD HH:mm') : EMPTY);

/** `2026-11-23` — the local calendar day (not the UTC one). */
export const date = (iso: string | null | undefined): string => (valid(iso) ? dayjs(iso).format('YYYY-MM-DD') : EMPTY);

/** 是/否, Yes/No. SQLite's 1/0 counts as true/false. */
export const boolean = (v: unknown, t: TFunction): string => t(v === true || v === 1 || v === '1' || v === 'true' ? 'format.yes' : 'format.no');
