// Handlers for dashboard operations: thin — the service (DashboardService) owns the rules and transactions.
import type { HandlerTable } from './handler-table';
import type { dashboardOps } from '../../shared/contract/dashboard';
import type { DashboardService } from '../dashboard/dashboard-service';
import { DEFAULT_SETTINGS, type SettingsStore } from '../settings';
import { requireUser } from './context';

export interface DashboardHandlerDeps {
  dashboard: Pick<DashboardService, 'alerts' | 'pendingCounts' | 'charts'>;
  /** settings.json: the alerts' "expiring within N days" (default when absent). */
  settings?: Pick<SettingsStore, 'read' | 'update'>;
}

export function dashboardHandlers(s: DashboardHandlerDeps): Pick<HandlerTable, keyof typeof dashboardOps> {
  const expiringDays = () => (s.settings?.read() ?? DEFAULT_SETTINGS).expiringDays;
  return {
    getAlerts: (_input, ctx) => s.dashboard.alerts(requireUser(ctx), expiringDays()),
    countPendingApprovals: (_input, ctx) => s.dashboard.pendingCounts(requireUser(ctx)),
    getAlertSettings: () => ({ expiringDays: expiringDays() }),
    updateAlertSettings: ({ expiringDays: days }) => {
      if (!s.settings) throw new Error('settings are not available to the dashboard handlers');
      return { expiringDays: s.settings.update({ expiringDays: days }).expiringDays };
    },
    getDashboardCharts: () => s.dashboard.charts(),
  };
}
