// Handlers for controlled-chemical operations: thin — the service (ControlledService) owns the rules.
import type { HandlerTable } from './handler-table';
import type { controlledOps } from '../../shared/contract/controlled';
import type { RecordsHandlerDeps } from './records-handlers';

export function controlledHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof controlledOps> {
  const c = s.records.controlled;
  return {
    listControlledLists: () => c.categories(),
  };
}
