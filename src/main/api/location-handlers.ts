// Handlers for locations operations: thin — the service (LocationService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { locationOps } from '../../shared/contract/locations';
import type { RecordsHandlerDeps } from './records-handlers';

export function locationHandlers(_s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof locationOps> {
  return {};
}
