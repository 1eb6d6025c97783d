// Operations on the home screen: alerts (expired, expiring, below minimum, overdue borrowings, waiting orders) and charts.
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { empty } from './common';
import type { GhsPictogram } from '../stock';
import type { Dimension } from '../amounts';

/** The inventory list's alert filters (GET /inventory/?alert=…), one per stock alert card. */
export const ALERT_FILTERS = ['expired', 'expiring', 'below_min', 'overdue'] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

export const MIN_EXPIRING_DAYS = 1;
export const MAX_EXPIRING_DAYS = 365;
export const DEFAULT_EXPIRING_DAYS = 30;

/**
 * A batch named by an alert card (the first few of each): the items (containers) of one name, CAS
 * number, specification and lot with the same date the alert is about (and, overdue, the same
 * borrower), named once with how many there are and where they are.
 */
export interface AlertBatch {
  /** The batch's first item (the oldest). */
  id: number;
  name: string;
  cas_number: string;
  specification: string;
  lot_number: string;
  expiry_date: string | null;
  borrow_due: string | null;
  borrowed_by_name: string | null;
  /** How many items (containers) the batch has. */
  count: number;
  /** Their storage locations, each once (none when not kept). */
  locations: string[];
}

/** A date alert: the items it counts (what its list shows), how many batches they are, and the first batches. */
export interface DateAlertCard {
  count: number;
  batches: number;
  items: AlertBatch[];
}

/** One chemical (same CAS, or the same name without CAS, and the same specification) below its minimum. */
export interface BelowMinGroup {
  name: string;
  cas_number: string;
  specification: string;
  /** What the present items hold together, in `unit` (exact decimal). */
  total: number;
  min_stock: number;
  unit: string;
  /** Present items whose unit does not convert to `unit` (left out of the total). */
  unconvertible: number;
}

export interface OrderAlert {
  kind: 'reagent' | 'consumable';
  id: number;
  name: string;
  status: 'pending_approval' | 'rejected';
  applicant: string;
  reject_reason: string;
  updated_at: string;
}

export interface Alerts {
  /** The lab's local day the alerts were computed for (YYYY-MM-DD). */
  today: string;
  expiringDays: number;
  expired: DateAlertCard;
  expiring: DateAlertCard;
  belowMin: { count: number; groups: BelowMinGroup[] };
  overdue: DateAlertCard;
  /** Admins: every pending order (scope `all`); others: their own pending and rejected (`own`). */
  orders: { scope: 'all' | 'own'; pending: { reagent: number; consumable: number }; rejected: { reagent: number; consumable: number }; items: OrderAlert[] };
}

export interface SpendingSeries {
  kind: 'reagent' | 'consumable';
  /** Reagents: the order's category ('' none, '*' the rest beyond the largest few); consumables: ''. */
  category: string;
  /** One total per month of `DashboardCharts.months`, in yuan (exact decimal). */
  values: number[];
}

export interface DashboardCharts {
  /** The last 12 local months, oldest first (YYYY-MM). */
  months: string[];
  spending: SpendingSeries[];
  /** Stocked-in / completed orders of those months left out because they have no price. */
  unpriced: number;
  pictograms: Array<{ code: GhsPictogram; count: number }>;
  /** The local day the "most used" window starts (90 days back). */
  usedSince: string;
  /** What was used most, one chart per dimension (mass, volume, amount of substance, count), never two on one axis. */
  mostUsed: MostUsedChart[];
}

/**
 * The chemicals used most in one dimension. Mass, volume and amount of substance are each in one
 * unit (`unit`, the largest in which the top amount is at least 1 and every amount exact); counts
 * of containers keep their own word (瓶, 盒) per entry, and `unit` is ''.
 */
export interface MostUsedChart {
  dimension: Dimension;
  unit: string;
  entries: Array<{ name: string; cas_number: string; amount: number; unit: string }>;
}

export const alertSettingsInput = z
  .object({
    expiringDays: z.number({ error: 'field.number' }).int('field.wholeNumber').min(MIN_EXPIRING_DAYS, 'field.min').max(MAX_EXPIRING_DAYS, 'field.max'),
  })
  .strict();

export const dashboardOps = {
  getAlerts: op({ method: 'GET', path: '/alerts', access: 'user', input: empty, output: returns<Alerts>() }),
  /** The navigation badge: pending orders (admins: all; others: their own). Cheap, read on every order change. */
  countPendingApprovals: op({ method: 'GET', path: '/alerts/pending', access: 'user', input: empty, output: returns<{ reagent: number; consumable: number }>() }),
  getAlertSettings: op({ method: 'GET', path: '/alerts/settings', access: 'user', input: empty, output: returns<{ expiringDays: number }>() }),
  updateAlertSettings: op({ method: 'PUT', path: '/alerts/settings', access: 'admin', input: alertSettingsInput, output: returns<{ expiringDays: number }>() }),
  getDashboardCharts: op({ method: 'GET', path: '/dashboard/charts', access: 'user', input: empty, output: returns<DashboardCharts>() }),
} satisfies Record<string, OperationDef>;
