// Stocktakes (盘点) as every layer sees them: a stocktake with its progress, its lines (one per
// container), what a scan answered, and the close review. The rules: src/main/stocktake/README.md.

export type StocktakeStatus = 'open' | 'closed' | 'cancelled';

/** Decided at close: seen and right ('ok'), set to the counted amount ('adjusted'), not seen and
 *  set to 0 ('missing'), left as it was ('kept'), found from elsewhere and moved here ('moved'). */
export type LineOutcome = 'ok' | 'adjusted' | 'missing' | 'kept' | 'moved';

export interface Stocktake {
  id: number;
  /** null once the location was deleted. */
  location_id: number | null;
  /** The subtree's root as its path read at the start. */
  location_path: string;
  status: StocktakeStatus;
  note: string;
  started_by_name: string | null;
  started_at: string;
  closed_by_name: string | null;
  closed_at: string | null;
  /** Expected containers seen / expected containers; found = containers from elsewhere. */
  seen: number;
  expected: number;
  found: number;
}

export interface StocktakeLine {
  item_id: number;
  /** The item as it read when the line was made (at the start, or when found): kept for the report. */
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  /** The item as it is now (null when it was deleted since). */
  status: string | null;
  quantity: number | null;
  unit: string | null;
  storage_location: string | null;
  controlled: string | null;
  /** 1: in the subtree at the start; 0: found here, registered elsewhere (or added after the start). */
  expected: 0 | 1;
  expected_amount: number | null;
  expected_unit: string;
  /** Where the item was registered when the line was made. */
  location_path: string;
  seen_by_name: string | null;
  seen_at: string | null;
  counted_amount: number | null;
  counted_unit: string | null;
  /** The item's last ledger movement when it was seen or counted (later ones are added to the count at close). */
  seen_movement_id: number | null;
  /** The item's ledger has movements after the start (not this stocktake's): the expected amount is out of date. */
  moved: boolean;
  outcome: LineOutcome | null;
  /** The movement made at close, as the ledger holds it (signed change, unit). */
  adjustment_delta: number | null;
  adjustment_unit: string | null;
}

export interface StocktakeDetail extends Stocktake {
  lines: StocktakeLine[];
}

/** What a scan or tick did: counted it now, had it already, added it as found here, or could not
 *  (no such item; an item that is not present, e.g. used up or disposed). */
export type ScanOutcome = 'seen' | 'already' | 'found' | 'unknown' | 'not_present';

export interface ScanResult {
  result: ScanOutcome;
  item_id: number;
  name: string | null;
  /** found: where the item is registered; its line waits for the admin's decision at close. */
  location_path: string | null;
  /** found: false when it is registered inside this subtree (added after the start). */
  elsewhere: boolean;
  /** already: who saw it first. */
  seen_by_name: string | null;
  /** not_present: the item's status. */
  status: string | null;
  seen: number;
  expected: number;
}

/** One line of the close review, with what closing would do by default. */
export interface ReviewEntry {
  item_id: number;
  name: string;
  cas_number: string;
  location_path: string;
  storage_location: string | null;
  status: string | null;
  expected_amount: number | null;
  /** The balance now, in `unit`. */
  balance: number | null;
  unit: string | null;
  /** Counted, converted to `unit` (null: not counted). */
  counted: number | null;
  /** The signed change the ledger recorded after the count (a use: negative), in `unit`; null when none. */
  since: number | null;
  /** What closing sets the balance to: counted + since (null: not counted). */
  target: number | null;
  controlled: boolean;
  moved: boolean;
  /** Whether the item's amount may be set now (in stock or used up; not borrowed, disposed or deleted). */
  adjustable: boolean;
  /** found: whether it can be moved here (in stock or borrowed). */
  movable: boolean;
}

export interface StocktakeReview {
  stocktake: Stocktake;
  /** Expected, not seen: the admin chooses "adjust to 0" or "keep" for each. */
  missing: ReviewEntry[];
  /** Seen with a counted amount other than the balance: adjusted to the count unless kept. */
  counted: ReviewEntry[];
  /** Found here, registered elsewhere: moved here if the admin says so. */
  found: ReviewEntry[];
  /** Items whose ledger moved after the start (their expected amount is out of date). */
  moved: ReviewEntry[];
}

/** The ledger's reason on a stocktake's movements ("stocktake #12"); shown as words by movementReasonText. */
export function stocktakeReason(id: number): string {
  return `stocktake #${id}`;
}

export const STOCKTAKE_REASON = /^stocktake #(\d+)$/;
