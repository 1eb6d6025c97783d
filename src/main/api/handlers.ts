// The handler table, composed from the domain handler groups, one per room. Each group receives only
// the services it calls; the composition root builds the table again when reopen replaces them.
import type { HandlerTable } from './handler-table';
import { authHandlers, type AuthHandlerDeps } from './auth-handlers';
import { dataHandlers, type DataHandlerDeps } from './data-handlers';
import { recordsHandlers, type RecordsHandlerDeps } from './records-handlers';
import { stockHandlers, type StockHandlerDeps } from './stock-handlers';
import { locationHandlers, type LocationHandlerDeps } from './location-handlers';
import { bulkImportHandlers, type BulkImportHandlerDeps } from './bulk-import-handlers';
import { listExportHandlers, type ListExportHandlerDeps } from './list-export-handlers';
import { cartHandlers, type CartHandlerDeps } from './cart-handlers';
import { completionHandlers, type CompletionHandlerDeps } from './completion-handlers';
import { auditHandlers, type AuditHandlerDeps } from './audit-handlers';
import { dashboardHandlers, type DashboardHandlerDeps } from './dashboard-handlers';
import { controlledHandlers, type ControlledHandlerDeps } from './controlled-handlers';
import { labelHandlers, type LabelHandlerDeps } from './label-handlers';
import { stocktakeHandlers, type StocktakeHandlerDeps } from './stocktake-handlers';
import { notificationHandlers, type NotificationHandlerDeps } from './notification-handlers';
import { referenceHandlers, type ReferenceHandlerDeps } from './reference-handlers';

export type { Handler, HandlerTable } from './handler-table';

export interface HandlerDeps {
  auth: AuthHandlerDeps;
  data: DataHandlerDeps;
  records: RecordsHandlerDeps;
  stock: StockHandlerDeps;
  locations: LocationHandlerDeps;
  bulkImport: BulkImportHandlerDeps;
  listExport: ListExportHandlerDeps;
  cart: CartHandlerDeps;
  completion: CompletionHandlerDeps;
  audit: AuditHandlerDeps;
  dashboard: DashboardHandlerDeps;
  controlled: ControlledHandlerDeps;
  labels: LabelHandlerDeps;
  stocktake: StocktakeHandlerDeps;
  notifications: NotificationHandlerDeps;
  reference: ReferenceHandlerDeps;
}

export function createHandlers(d: HandlerDeps): HandlerTable {
  return {
    ...authHandlers(d.auth),
    ...dataHandlers(d.data),
    ...recordsHandlers(d.records),
    ...stockHandlers(d.stock),
    ...locationHandlers(d.locations),
    ...bulkImportHandlers(d.bulkImport),
    ...listExportHandlers(d.listExport),
    ...cartHandlers(d.cart),
    ...completionHandlers(d.completion),
    ...auditHandlers(d.audit),
    ...dashboardHandlers(d.dashboard),
    ...controlledHandlers(d.controlled),
    ...labelHandlers(d.labels),
    ...stocktakeHandlers(d.stocktake),
    ...notificationHandlers(d.notifications),
    ...referenceHandlers(d.reference),
  };
}
