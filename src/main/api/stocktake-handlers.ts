// Handlers for stocktake operations: thin — the service (StocktakeService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { stocktakeOps } from '../../shared/contract/stocktake';
import type { RecordsHandlerDeps } from './records-handlers';

export function stocktakeHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof stocktakeOps> {
  void s.records.stocktakes;
  return {};
}
