// The refusals every stocktake operation shares: a stocktake that is missing or no longer open.
import type { LabReads } from '../stores/lab-data';
import { AppError } from '../../shared/errors';
import type { Stocktake } from '../../shared/stocktake';

type Stocktakes = LabReads['stocktakes'];

export async function findStocktake(stocktakes: Stocktakes, id: number): Promise<Stocktake> {
  const row = await stocktakes.byId(id);
  if (!row) throw new AppError('not_found', 'stocktake.noSuch', { id });
  return row;
}

/** The stocktake, refused unless it is open (inside the caller's unit). */
export async function openStocktake(stocktakes: Stocktakes, id: number): Promise<Stocktake> {
  const st = await findStocktake(stocktakes, id);
  if (st.status === 'closed') throw new AppError('conflict', 'stocktake.closed', { id });
  if (st.status === 'cancelled') throw new AppError('conflict', 'stocktake.cancelled', { id });
  return st;
}
