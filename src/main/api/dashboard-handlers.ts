// Handlers for dashboard operations: thin — the service (DashboardService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { dashboardOps } from '../../shared/contract/dashboard';
import type { RecordsHandlerDeps } from './records-handlers';

export function dashboardHandlers(_s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof dashboardOps> {
  return {};
}
