// The locations room (README.md): the location tree and where each item is in it.
import type { RecordsDeps } from '../records/deps';
import type { InventoryService } from '../records/inventory-service';
import { LocationService } from './location-service';

export interface LocationsDeps extends RecordsDeps {
  /** The records room's items: a move answers the item as it now is. */
  inventory: InventoryService;
}

export function wire(deps: LocationsDeps): LocationService {
  return new LocationService(deps, deps.inventory);
}
