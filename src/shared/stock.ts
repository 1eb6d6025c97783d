// The stock ledger as every layer sees it: movements (台账 rows), locations, GHS pictograms and the
// dashboard's alerts. The model is written up in src/main/stock/README.md.

/** What changed an item's amount (or where it is). `split` is written on both items. */
export const MOVEMENT_KINDS = ['received', 'used', 'borrowed', 'returned', 'disposed', 'adjusted', 'moved', 'split'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export interface StockMovement {
  id: number;
  item_id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  /** Controlled chemicals: the person who confirmed (issue 11). */
  second_user_id: number | null;
  second_user_name: string | null;
  kind: MovementKind;
  /** The amount as the action moved it, in the item's unit (always ≥ 0). */
  amount: number;
  /** Signed change of the balance (0 for borrowed and moved). */
  delta: number;
  unit: string;
  balance_after: number;
  reason: string;
  order_id: number | null;
  from_location_id: number | null;
  to_location_id: number | null;
  /** The location paths at the time of the move. */
  from_location: string | null;
  to_location: string | null;
  /** split: the other item of the pair. */
  related_item_id: number | null;
  /** borrowed: the expected return date (YYYY-MM-DD). */
  due_date: string | null;
  /** What the amount is taken for (用途): a borrowing of a controlled item states one ('' when none). */
  purpose: string;
  stocktake_id: number | null;
}

/** The nine GHS pictograms (UN GHS, Annex 3). */
export const GHS_PICTOGRAMS = ['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'] as const;
export type GhsPictogram = (typeof GHS_PICTOGRAMS)[number];

/**
 * The 危险品 flag follows the pictograms: every GHS pictogram marks a hazard, so an item with any
 * of them is hazardous whatever was sent (docs/decisions.md, "The hazardous flag"). Without
 * pictograms the flag is what the person set (a hazard the pictograms do not show).
 */
export function hazardousWith(ghs: readonly string[] | string | undefined, flag: boolean | undefined): boolean {
  return !!flag || (typeof ghs === 'string' ? ghs !== '' : (ghs?.length ?? 0) > 0);
}

/** A node of the location tree (building › room › cabinet › shelf, any depth). */
export interface LocationNode {
  id: number;
  parent_id: number | null;
  name: string;
  /** Names from the root down, joined by LOCATION_SEPARATOR. */
  path: string;
  /** Items (in stock or borrowed) at this node itself / at it and below. */
  items_here: number;
  items_below: number;
}

export const LOCATION_SEPARATOR = ' › ';

/** Calendar dates (expiry, received, opened, due) are the lab's local day, written YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The lab's local calendar day of a moment (the computer's time zone): "today" for opened dates,
 *  received dates, expiry and due-date alerts. */
export function localDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar day `days` after `day` (negative: before); pure calendar arithmetic, no time zone. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

export function isCalendarDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
