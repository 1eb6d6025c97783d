// Handlers for locations operations: thin — the service (LocationService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { locationOps } from '../../shared/contract/locations';
import type { LocationService } from '../locations/location-service';
import { requireUser } from './context';

export interface LocationHandlerDeps {
  locations: Pick<LocationService, 'list' | 'create' | 'update' | 'delete' | 'moveItem'>;
}

export function locationHandlers(s: LocationHandlerDeps): Pick<HandlerTable, keyof typeof locationOps> {
  const l = s.locations;
  return {
    listLocations: () => l.list(),
    createLocation: (input, ctx) => l.create(requireUser(ctx), input),
    updateLocation: (input, ctx) => l.update(requireUser(ctx), input),
    deleteLocation: ({ id }, ctx) => l.delete(requireUser(ctx), id),
    moveInventoryItem: (input, ctx) => l.moveItem(requireUser(ctx), input),
  };
}
