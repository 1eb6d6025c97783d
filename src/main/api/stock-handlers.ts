// Handlers for stock operations: thin — the service (StockService) owns the rules and transactions.
// The records contract's borrow, return, consume and dispose are stock actions too, answered here.
import type { HandlerTable } from './handler-table';
import type { stockOps } from '../../shared/contract/stock';
import type { StockService } from '../stock/stock-service';
import { requireUser } from './context';

/** The stock actions the records contract holds (`/inventory/:id/borrow`, …). */
export type InventoryStockActionNames = 'borrowInventoryItem' | 'returnInventoryItem' | 'consumeInventoryItem' | 'disposeInventoryItem';

export interface StockHandlerDeps {
  stock: Pick<StockService, 'use' | 'adjust' | 'split' | 'movements' | 'export' | 'borrow' | 'return' | 'consume' | 'dispose'>;
}

export function stockHandlers(s: StockHandlerDeps): Pick<HandlerTable, keyof typeof stockOps | InventoryStockActionNames> {
  const stock = s.stock;
  return {
    useInventoryItem: (input, ctx) => stock.use(requireUser(ctx), input),
    adjustInventoryItem: (input, ctx) => stock.adjust(requireUser(ctx), input),
    splitInventoryItem: (input, ctx) => stock.split(requireUser(ctx), input),
    listMovements: ({ id }) => stock.movements(id),
    exportMovements: (input) => stock.export(input),
    borrowInventoryItem: (input, ctx) => stock.borrow(requireUser(ctx), input),
    returnInventoryItem: (input, ctx) => stock.return(requireUser(ctx), input),
    consumeInventoryItem: ({ id, second_person }, ctx) => stock.consume(requireUser(ctx), id, second_person),
    disposeInventoryItem: (input, ctx) => stock.dispose(requireUser(ctx), input),
  };
}
