// Handlers for stock operations: thin — the service (StockService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { stockOps } from '../../shared/contract/stock';
import type { RecordsHandlerDeps } from './records-handlers';
import { requireUser } from './context';

export function stockHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof stockOps> {
  const stock = s.records.stock;
  return {
    useInventoryItem: (input, ctx) => stock.use(requireUser(ctx), input),
    adjustInventoryItem: (input, ctx) => stock.adjust(requireUser(ctx), input),
    splitInventoryItem: (input, ctx) => stock.split(requireUser(ctx), input),
    listMovements: ({ id }) => stock.movements(id),
    exportMovements: (input) => stock.export(input),
  };
}
