// Handlers for the records domain: thin — the services own validation beyond the schema,
// permissions beyond the access level (ownership), transactions and after-commit hooks.
import type { CompletionHooks } from '../completion-hooks';
import type { ListEndpoint } from '../../shared/records';
import type { Logger } from '../logging';
import type { RecordsServices } from '../records';
import type { BatchStore } from '../cart-import/batch-store';
import type { DashboardService } from '../dashboard/dashboard-service';
import { DEFAULT_SETTINGS, type SettingsStore } from '../settings';
import type { ListQuery } from '../../shared/contract/records';
import type { ImportRef } from '../../shared/contract/cart';
import type { UserInfo } from '../../shared/contract';
import { requireUser, type CallContext } from './context';
import type { HandlerTable } from './handler-table';
import type { recordsOps } from '../../shared/contract/records';
import type { InventoryStockActionNames } from './stock-handlers';
import type { BulkImportNames } from './bulk-import-handlers';

/** The records contract's operations other rooms answer: the stock actions, the import, the export. */
type RecordsHandlerNames = Exclude<keyof typeof recordsOps, InventoryStockActionNames | BulkImportNames | 'exportList'>;

export interface RecordsHandlerDeps {
  records: RecordsServices;
  hooks: Pick<CompletionHooks, 'searchSubmitted'>;
  log: Logger;
  /** An order made from a cart-import item must name an item of the current batch. */
  cartImport: Pick<BatchStore, 'checkItem'>;
  /** The inventory list's alert filter is the dashboard's own condition, so list and count agree. */
  dashboard: Pick<DashboardService, 'alertFilter'>;
  /** settings.json: the alerts' "expiring within N days" (default when absent). */
  settings?: Pick<SettingsStore, 'read'>;
}

export function recordsHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, RecordsHandlerNames> {
  const r = s.records;
  const importCheck = (ref: ImportRef) => s.cartImport.checkItem(ref);
  /** A submitted `all` search is what completion's search memory records (spec 000). */
  const submitted = (endpoint: ListEndpoint, q: ListQuery & { submitted?: boolean }, ctx: CallContext) => {
    if (q.submitted && q.field === 'all' && q.search.trim() !== '') {
      try {
        s.hooks.searchSubmitted((ctx.user as UserInfo).id, endpoint, q.field, q.search);
      } catch (e) {
        s.log.error({ endpoint, err: e instanceof Error ? e.message : String(e) }, 'search memory hook failed');
      }
    }
  };
  return {
    listInventory: async (q, ctx) => {
      // An alert filter (home screen cards) is the dashboard's own condition, so list and count agree.
      const expiringDays = (s.settings?.read() ?? DEFAULT_SETTINGS).expiringDays;
      const res = await r.inventory.list(q, async (reads) => {
        const alert = q.alert ? await s.dashboard.alertFilter(reads, q.alert, expiringDays) : undefined;
        // "Controlled only" narrows whatever else is picked.
        return q.controlled ? { sql: alert ? `(${alert.sql}) AND t.controlled IS NOT NULL` : 't.controlled IS NOT NULL', params: alert?.params ?? [] } : alert;
      });
      submitted('/inventory/', q, ctx);
      return res;
    },
    getInventoryItem: ({ id }) => r.inventory.get(id),
    createInventoryItem: (input, ctx) => r.inventory.create(requireUser(ctx), input),
    updateInventoryItem: (input, ctx) => r.inventory.update(requireUser(ctx), input),
    deleteInventoryItem: async ({ id }, ctx) => (await r.inventory.delete(requireUser(ctx), id), { ok: true as const }),

    listReagentOrders: async (q, ctx) => {
      const res = await r.reagentOrders.list(q);
      submitted('/reagent-orders/', q, ctx);
      return res;
    },
    getReagentOrder: ({ id }) => r.reagentOrders.get(id),
    createReagentOrder: (input, ctx) => r.reagentOrders.create(requireUser(ctx), input, importCheck),
    updateReagentOrder: (input, ctx) => r.reagentOrders.update(requireUser(ctx), input),
    deleteReagentOrder: async ({ id }, ctx) => (await r.reagentOrders.delete(requireUser(ctx), id), { ok: true as const }),
    approveReagentOrder: ({ id }, ctx) => r.reagentOrders.approve(requireUser(ctx), id),
    rejectReagentOrder: ({ id, reason }, ctx) => r.reagentOrders.reject(requireUser(ctx), id, reason),
    arriveReagentOrder: ({ id }, ctx) => r.reagentOrders.arrive(requireUser(ctx), id),
    stockInReagentOrder: (input, ctx) => r.reagentOrders.stockIn(requireUser(ctx), input),

    listConsumableOrders: async (q, ctx) => {
      const res = await r.consumableOrders.list(q);
      submitted('/consumable-orders/', q, ctx);
      return res;
    },
    getConsumableOrder: ({ id }) => r.consumableOrders.get(id),
    createConsumableOrder: (input, ctx) => r.consumableOrders.create(requireUser(ctx), input, importCheck),
    updateConsumableOrder: (input, ctx) => r.consumableOrders.update(requireUser(ctx), input),
    deleteConsumableOrder: async ({ id }, ctx) => (await r.consumableOrders.delete(requireUser(ctx), id), { ok: true as const }),
    approveConsumableOrder: ({ id }, ctx) => r.consumableOrders.approve(requireUser(ctx), id),
    rejectConsumableOrder: ({ id, reason }, ctx) => r.consumableOrders.reject(requireUser(ctx), id, reason),
    completeConsumableOrder: ({ id }, ctx) => r.consumableOrders.complete(requireUser(ctx), id),

    getHistory: ({ entity_type, id }) => r.history(entity_type, id),
    checkDuplicates: (q) => r.duplicates(q),
  };
}
