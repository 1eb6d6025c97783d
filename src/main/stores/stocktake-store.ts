// The one owner of lab.db's `stocktakes` and `stocktake_lines` tables (docs/stores.md). A line
// copies the item as it read when the line was made (the report is built from the lines), so the
// inserts read inventory_items in the same statement; every other table is only read.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { LineOutcome, Stocktake, StocktakeLine } from '../../shared/stocktake';

/** A line's state as the count, the tick and their audit entries need it. */
export interface StocktakeLineState {
  expected: 0 | 1;
  expected_unit: string;
  /** Who saw it (display name), for the audit entry and the scan's answer. */
  seen_by: string | null;
  seen_at: string | null;
  counted_amount: number | null;
  counted_unit: string | null;
}

export interface StocktakeReads {
  /** One stocktake with its progress and who started and closed it. */
  byId(id: number): Stocktake | undefined;
  /** Every stocktake, newest first. */
  all(): Stocktake[];
  /** The open stocktakes' places, oldest first. */
  open(): Array<{ id: number; location_id: number | null; location_path: string }>;
  /**
   * The lines: the item as the line recorded it, its status and balance now, who saw it, and
   * whether the ledger moved it during the stocktake; expected ones first.
   */
  lines(id: number): StocktakeLine[];
  line(id: number, itemId: number): StocktakeLineState | undefined;
  /** Where each line's item is registered now (items deleted since are left out). */
  itemLocations(id: number): Array<{ item_id: number; location_id: number | null }>;
}

export interface StocktakeWrites extends StocktakeReads {
  /** Starts one (status open); `lastMovementId` is the ledger's last id at the start. Returns its id. */
  insert(s: { locationId: number; locationPath: string; note: string; startedBy: number; lastMovementId: number }): number;
  /** The expected lines: every item in stock or borrowed at one of `locationIds`, as it reads now. */
  insertExpectedLines(id: number, locationIds: readonly number[]): void;
  /** A line for an item found here that was not expected, seen now by `userId`. */
  insertFoundLine(id: number, itemId: number, userId: number): void;
  /** Seen now by `userId`, at the item's last ledger movement. */
  markSeen(id: number, itemId: number, userId: number): void;
  /** Unseen again, its count cleared. */
  markUnseen(id: number, itemId: number): void;
  deleteLine(id: number, itemId: number): void;
  /** The counted amount (in the item's unit) at the item's last ledger movement; seen too, if it was not. */
  setCount(id: number, itemId: number, amount: number, unit: string, userId: number): void;
  /** The close's decision for a line, and the movement it made (null: none). */
  setOutcome(id: number, itemId: number, outcome: LineOutcome, movementId: number | null): void;
  cancel(id: number, userId: number): void;
  close(id: number, userId: number): void;
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
/** The item's last ledger movement id (0: none): where a count stands in its ledger. */
const LAST_MOVEMENT = '(SELECT COALESCE(max(m.id), 0) FROM stock_movements m WHERE m.item_id = ?)';

const count = (where: string) => `(SELECT count(*) FROM stocktake_lines l WHERE l.stocktake_id = s.id AND ${where})`;

const SUMMARY_SELECT = `SELECT s.id, s.location_id, s.location_path, s.status, s.note, su.display_name AS started_by_name, s.started_at,
    cu.display_name AS closed_by_name, s.closed_at,
    ${count('l.expected = 1 AND l.seen_at IS NOT NULL')} AS seen, ${count('l.expected = 1')} AS expected, ${count('l.expected = 0')} AS found
  FROM stocktakes s LEFT JOIN users su ON su.id = s.started_by LEFT JOIN users cu ON cu.id = s.closed_by`;

/** `moved`: the item's ledger has a movement after the start that is not this stocktake's own
 *  (and, once closed, before the close) — its expected amount is out of date. */
const LINES_SELECT = `SELECT l.item_id, l.name, l.english_name, l.cas_number, l.specification, i.status, i.quantity, i.unit, i.storage_location, i.controlled,
    l.expected, l.expected_amount, l.expected_unit, l.location_path, u.display_name AS seen_by_name, l.seen_at, l.counted_amount, l.counted_unit, l.seen_movement_id, l.outcome,
    EXISTS (SELECT 1 FROM stock_movements m WHERE m.item_id = l.item_id AND m.id > s.last_movement_id AND m.stocktake_id IS NOT s.id
            AND (s.closed_at IS NULL OR m.at <= s.closed_at)) AS moved,
    mv.delta AS adjustment_delta, mv.unit AS adjustment_unit
  FROM stocktake_lines l JOIN stocktakes s ON s.id = l.stocktake_id
  LEFT JOIN inventory_items i ON i.id = l.item_id LEFT JOIN users u ON u.id = l.seen_by LEFT JOIN stock_movements mv ON mv.id = l.movement_id
  WHERE l.stocktake_id = ?
  ORDER BY l.expected DESC, l.location_path, l.name, l.item_id`;

export function stocktakeStore(db: Db): StocktakeWrites {
  return {
    byId: (id) => prepareCached(db, `${SUMMARY_SELECT} WHERE s.id = ?`).get(id) as Stocktake | undefined,
    all: () => prepareCached(db, `${SUMMARY_SELECT} ORDER BY s.id DESC`).all() as Stocktake[],
    open: () =>
      prepareCached(db, `SELECT id, location_id, location_path FROM stocktakes WHERE status = 'open' ORDER BY id`).all() as Array<{ id: number; location_id: number | null; location_path: string }>,
    lines: (id) => {
      const rows = prepareCached(db, LINES_SELECT).all(id) as Array<Omit<StocktakeLine, 'moved'> & { moved: number }>;
      return rows.map((r) => ({ ...r, moved: r.moved === 1 }));
    },
    line: (id, itemId) =>
      prepareCached(db, 'SELECT l.expected, l.expected_unit, u.display_name AS seen_by, l.seen_at, l.counted_amount, l.counted_unit FROM stocktake_lines l LEFT JOIN users u ON u.id = l.seen_by WHERE l.stocktake_id = ? AND l.item_id = ?').get(
        id,
        itemId,
      ) as StocktakeLineState | undefined,
    itemLocations: (id) =>
      prepareCached(db, `SELECT l.item_id, i.location_id FROM stocktake_lines l JOIN inventory_items i ON i.id = l.item_id WHERE l.stocktake_id = ?`).all(id) as Array<{ item_id: number; location_id: number | null }>,
    insert: (s) =>
      (
        prepareCached(db, `INSERT INTO stocktakes (location_id, location_path, status, note, started_by, last_movement_id) VALUES (?, ?, 'open', ?, ?, ?) RETURNING id`).get(
          s.locationId,
          s.locationPath,
          s.note,
          s.startedBy,
          s.lastMovementId,
        ) as { id: number }
      ).id,
    insertExpectedLines: (id, locationIds) => {
      prepareCached(
        db,
        `INSERT INTO stocktake_lines (stocktake_id, item_id, expected, expected_amount, expected_unit, location_path, name, english_name, cas_number, specification)
         SELECT ?, id, 1, quantity, unit, storage_location, name, english_name, cas_number, specification FROM inventory_items
          WHERE location_id IN (SELECT value FROM json_each(?)) AND status IN ('in_stock', 'borrowed')`,
      ).run(id, JSON.stringify(locationIds));
    },
    insertFoundLine: (id, itemId, userId) => {
      prepareCached(
        db,
        `INSERT INTO stocktake_lines (stocktake_id, item_id, expected, expected_amount, expected_unit, location_path, name, english_name, cas_number, specification, seen_by, seen_at, seen_movement_id)
         SELECT ?, id, 0, quantity, unit, storage_location, name, english_name, cas_number, specification, ?, ${NOW}, ${LAST_MOVEMENT} FROM inventory_items WHERE id = ?`,
      ).run(id, userId, itemId, itemId);
    },
    markSeen: (id, itemId, userId) => {
      prepareCached(db, `UPDATE stocktake_lines SET seen_by = ?, seen_at = ${NOW}, seen_movement_id = ${LAST_MOVEMENT} WHERE stocktake_id = ? AND item_id = ?`).run(userId, itemId, id, itemId);
    },
    markUnseen: (id, itemId) => {
      prepareCached(db, 'UPDATE stocktake_lines SET seen_by = NULL, seen_at = NULL, seen_movement_id = NULL, counted_amount = NULL, counted_unit = NULL WHERE stocktake_id = ? AND item_id = ?').run(id, itemId);
    },
    deleteLine: (id, itemId) => {
      prepareCached(db, 'DELETE FROM stocktake_lines WHERE stocktake_id = ? AND item_id = ?').run(id, itemId);
    },
    setCount: (id, itemId, amount, unit, userId) => {
      prepareCached(
        db,
        `UPDATE stocktake_lines SET counted_amount = ?, counted_unit = ?, seen_by = COALESCE(seen_by, ?), seen_at = COALESCE(seen_at, ${NOW}), seen_movement_id = ${LAST_MOVEMENT} WHERE stocktake_id = ? AND item_id = ?`,
      ).run(amount, unit, userId, itemId, id, itemId);
    },
    setOutcome: (id, itemId, outcome, movementId) => {
      prepareCached(db, 'UPDATE stocktake_lines SET outcome = ?, movement_id = ? WHERE stocktake_id = ? AND item_id = ?').run(outcome, movementId, id, itemId);
    },
    cancel: (id, userId) => {
      prepareCached(db, `UPDATE stocktakes SET status = 'cancelled', closed_by = ?, closed_at = ${NOW} WHERE id = ?`).run(userId, id);
    },
    close: (id, userId) => {
      prepareCached(db, `UPDATE stocktakes SET status = 'closed', closed_by = ?, closed_at = ${NOW} WHERE id = ?`).run(userId, id);
    },
  };
}
