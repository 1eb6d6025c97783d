// Handlers for locations operations: thin — the service (LocationService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { locationOps } from '../../shared/contract/locations';
import type { RecordsHandlerDeps } from './records-handlers';
import { requireUser } from './context';

export function locationHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof locationOps> {
  const l = s.records.locations;
  return {
    listLocations: () => l.list(),
    createLocation: (input, ctx) => l.create(requireUser(ctx), input),
    updateLocation: (input, ctx) => l.update(requireUser(ctx), input),
    deleteLocation: ({ id }, ctx) => l.delete(requireUser(ctx), id),
    moveInventoryItem: (input, ctx) => l.moveItem(requireUser(ctx), input),
  };
}
