// The handler table, composed from the domain handler groups. Each group receives only the
// services it calls; the composition root builds the table again when reopen replaces them.
import type { HandlerTable } from './handler-table';
import { authHandlers, type AuthHandlerDeps } from './auth-handlers';
import { dataHandlers, type DataHandlerDeps } from './data-handlers';
import { recordsHandlers, type RecordsHandlerDeps } from './records-handlers';
import { cartHandlers, type CartHandlerDeps } from './cart-handlers';
import { completionHandlers, type CompletionHandlerDeps } from './completion-handlers';
import { auditHandlers, type AuditHandlerDeps } from './audit-handlers';
import { stockHandlers } from './stock-handlers';
import { locationHandlers } from './location-handlers';
import { dashboardHandlers } from './dashboard-handlers';
import { controlledHandlers } from './controlled-handlers';
import { labelHandlers } from './label-handlers';
import { stocktakeHandlers } from './stocktake-handlers';
import { notificationHandlers, type NotificationHandlerDeps } from './notification-handlers';
import { referenceHandlers, type ReferenceHandlerDeps } from './reference-handlers';

export type { Handler, HandlerTable } from './handler-table';

export interface HandlerDeps {
  auth: AuthHandlerDeps;
  data: DataHandlerDeps;
  records: RecordsHandlerDeps;
  cart: CartHandlerDeps;
  completion: CompletionHandlerDeps;
  audit: AuditHandlerDeps;
  notifications: NotificationHandlerDeps;
  reference: ReferenceHandlerDeps;
}

export function createHandlers(d: HandlerDeps): HandlerTable {
  return {
    ...authHandlers(d.auth),
    ...dataHandlers(d.data),
    ...recordsHandlers(d.records),
    ...cartHandlers(d.cart),
    ...completionHandlers(d.completion),
    ...auditHandlers(d.audit),
    ...stockHandlers(d.records),
    ...locationHandlers(d.records),
    ...dashboardHandlers(d.records),
    ...controlledHandlers(d.records),
    ...labelHandlers(d.records),
    ...stocktakeHandlers(d.records),
    ...notificationHandlers(d.notifications),
    ...referenceHandlers(d.reference),
  };
}
