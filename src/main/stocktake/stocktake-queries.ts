// The refusals every stocktake operation shares: a stocktake that is missing or no longer open.
import type { StocktakeReads } from '../stores/stocktake-store';
import { AppError } from '../../shared/errors';
import type { Stocktake } from '../../shared/stocktake';

export function findStocktake(stocktakes: StocktakeReads, id: number): Stocktake {
  const row = stocktakes.byId(id);
  if (!row) throw new AppError('not_found', 'stocktake.noSuch', { id });
  return row;
}

/** The stocktake, refused unless it is open (inside the caller's transaction). */
export function openStocktake(stocktakes: StocktakeReads, id: number): Stocktake {
  const st = findStocktake(stocktakes, id);
  if (st.status === 'closed') throw new AppError('conflict', 'stocktake.closed', { id });
  if (st.status === 'cancelled') throw new AppError('conflict', 'stocktake.cancelled', { id });
  return st;
}
