// Handlers for dashboard operations: thin — the service (DashboardService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { dashboardOps } from '../../shared/contract/dashboard';
import type { RecordsHandlerDeps } from './records-handlers';
import { DEFAULT_SETTINGS } from '../settings';
import { requireUser } from './context';

export function dashboardHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof dashboardOps> {
  const expiringDays = () => (s.settings?.read() ?? DEFAULT_SETTINGS).expiringDays;
  return {
    getAlerts: (_input, ctx) => s.records.dashboard.alerts(requireUser(ctx), expiringDays()),
    countPendingApprovals: (_input, ctx) => s.records.dashboard.pendingCounts(requireUser(ctx)),
    getAlertSettings: () => ({ expiringDays: expiringDays() }),
    updateAlertSettings: ({ expiringDays: days }) => {
      if (!s.settings) throw new Error('settings are not available to the dashboard handlers');
      return { expiringDays: s.settings.update({ expiringDays: days }).expiringDays };
    },
    getDashboardCharts: () => s.records.dashboard.charts(),
  };
}
