// The stocktake reads every operation shares: one stocktake with its progress, its lines (the item's
// name, CAS and specification as the line recorded them; status and balance as they are now), and the refusals for a stocktake that is missing or no longer open.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { AppError } from '../../shared/errors';
import type { Stocktake, StocktakeLine } from '../../shared/stocktake';

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


export function findStocktake(db: Db, id: number): Stocktake {
  const row = prepareCached(db, `${SUMMARY_SELECT} WHERE s.id = ?`).get(id) as Stocktake | undefined;
  if (!row) throw new AppError('not_found', 'stocktake.noSuch', { id });
  return row;
}

/** The stocktake, refused unless it is open (inside the caller's transaction). */
export function openStocktake(db: Db, id: number): Stocktake {
  const st = findStocktake(db, id);
  if (st.status === 'closed') throw new AppError('conflict', 'stocktake.closed', { id });
  if (st.status === 'cancelled') throw new AppError('conflict', 'stocktake.cancelled', { id });
  return st;
}

export function stocktakeLines(db: Db, id: number): StocktakeLine[] {
  const rows = prepareCached(db, LINES_SELECT).all(id) as Array<Omit<StocktakeLine, 'moved'> & { moved: number }>;
  return rows.map((r) => ({ ...r, moved: r.moved === 1 }));
}

export function listStocktakes(db: Db): Stocktake[] {
  return prepareCached(db, `${SUMMARY_SELECT} ORDER BY s.id DESC`).all() as Stocktake[];
}
