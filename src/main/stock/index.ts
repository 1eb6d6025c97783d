// The stock room (README.md): stock actions and the ledger, on the records' inventory items.
import type { RecordsDeps } from '../records/deps';
import type { InventoryService } from '../records/inventory-service';
import { StockService } from './stock-service';

export interface StockDeps extends RecordsDeps {
  /** The records room's items: an action reads the item back, a split inserts the new one. */
  inventory: InventoryService;
}

export function wire(deps: StockDeps): StockService {
  return new StockService(deps, deps.inventory);
}
