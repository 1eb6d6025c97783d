// Handlers for stocktake operations: thin — the service (StocktakeService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { stocktakeOps } from '../../shared/contract/stocktake';
import type { StocktakeService } from '../stocktake/stocktake-service';
import { requireUser } from './context';

export interface StocktakeHandlerDeps {
  stocktake: StocktakeService;
}

export function stocktakeHandlers(s: StocktakeHandlerDeps): Pick<HandlerTable, keyof typeof stocktakeOps> {
  const st = s.stocktake;
  return {
    listStocktakes: () => st.list(),
    startStocktake: (input, ctx) => st.start(requireUser(ctx), input),
    getStocktake: ({ id }) => st.get(id),
    scanStocktake: ({ id, payload }, ctx) => st.scan(requireUser(ctx), id, payload),
    tickStocktake: ({ id, item_id }, ctx) => st.see(requireUser(ctx), id, item_id),
    untickStocktake: ({ id, item_id }, ctx) => st.untick(requireUser(ctx), id, item_id),
    countStocktake: (input, ctx) => st.count(requireUser(ctx), input),
    reviewStocktake: ({ id }) => st.review(id),
    closeStocktake: (input, ctx) => st.close(requireUser(ctx), input),
    cancelStocktake: ({ id }, ctx) => st.cancel(requireUser(ctx), id),
    stocktakeReport: ({ id, lang }) => st.report(id, lang),
  };
}
