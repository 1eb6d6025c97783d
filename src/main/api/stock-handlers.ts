// Handlers for stock operations: thin — the service (StockService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { stockOps } from '../../shared/contract/stock';
import type { RecordsHandlerDeps } from './records-handlers';

export function stockHandlers(_s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof stockOps> {
  return {};
}
