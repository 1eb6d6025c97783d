// Operations on the home screen: alerts (expired, expiring, below minimum, overdue borrowings, waiting orders) and charts.
import type { OperationDef } from './define';

export const dashboardOps = {} satisfies Record<string, OperationDef>;
