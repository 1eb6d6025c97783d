// The lab's facts behind one seam (docs/stores.md): every lab.db store, as the services see it —
// asynchronous, inside a unit of work. `read` gives the read views on the read connection,
// `withWriteTransaction` the write views on the write connection, one unit at a time. A
// PostgreSQL engine implements the same `LabData`; completion.db and reference.db are local
// derived files and keep their synchronous stores (docs/stores.md).
import type { Db } from '../db/open';
import { sqliteUnitOfWork, type UnitOfWork } from '../db/unit-of-work';
import { promised, type Async } from './async-store';
import { auditStore, type AuditReads, type AuditWrites } from './audit-store';
import { consumableOrderStore, type ConsumableOrderReads, type ConsumableOrderWrites } from './consumable-order-store';
import { controlledStore, type ControlledReads, type ControlledWrites } from './controlled-store';
import { importSubmissionStore, type ImportSubmissionReads, type ImportSubmissionWrites } from './import-submission-store';
import { inventoryStore, type InventoryReads, type InventoryWrites } from './inventory-store';
import { locationStore, type LocationReads, type LocationWrites } from './location-store';
import { notificationStore, type NotificationReads, type NotificationWrites } from './notification-store';
import { reagentOrderStore, type ReagentOrderReads, type ReagentOrderWrites } from './reagent-order-store';
import { recordListStore, type RecordListReads, type RecordListWrites } from './record-list-store';
import { sessionStore, type SessionReads, type SessionWrites } from './session-store';
import { stockMovementStore, type StockMovementReads, type StockMovementWrites } from './stock-movement-store';
import { stocktakeStore, type StocktakeReads, type StocktakeWrites } from './stocktake-store';
import { userStore, type UserReads, type UserWrites } from './user-store';

export type { Async } from './async-store';

/** What a read unit may call: every lab.db table's reads. */
export interface LabReads {
  audit: Async<AuditReads>;
  consumableOrders: Async<ConsumableOrderReads>;
  controlled: Async<ControlledReads>;
  importSubmissions: Async<ImportSubmissionReads>;
  inventory: Async<InventoryReads>;
  /** The list search over the three record tables (and their search index). */
  lists: Async<RecordListReads>;
  locations: Async<LocationReads>;
  movements: Async<StockMovementReads>;
  notifications: Async<NotificationReads>;
  reagentOrders: Async<ReagentOrderReads>;
  sessions: Async<SessionReads>;
  stocktakes: Async<StocktakeReads>;
  users: Async<UserReads>;
}

/** What a write unit may call: the same tables' reads and writes, under the write lock. */
export interface LabWrites extends LabReads {
  audit: Async<AuditWrites>;
  consumableOrders: Async<ConsumableOrderWrites>;
  controlled: Async<ControlledWrites>;
  importSubmissions: Async<ImportSubmissionWrites>;
  inventory: Async<InventoryWrites>;
  lists: Async<RecordListWrites>;
  locations: Async<LocationWrites>;
  movements: Async<StockMovementWrites>;
  notifications: Async<NotificationWrites>;
  reagentOrders: Async<ReagentOrderWrites>;
  sessions: Async<SessionWrites>;
  stocktakes: Async<StocktakeWrites>;
  users: Async<UserWrites>;
}

/** The seam the services get instead of a connection. */
export type LabData = UnitOfWork<LabReads, LabWrites>;

/** Every store on one connection, in its asynchronous view. */
function labStores(db: Db): LabWrites {
  return {
    audit: promised(auditStore(db)),
    consumableOrders: promised(consumableOrderStore(db)),
    controlled: promised(controlledStore(db)),
    importSubmissions: promised(importSubmissionStore(db)),
    inventory: promised(inventoryStore(db)),
    lists: promised(recordListStore(db)),
    locations: promised(locationStore(db)),
    movements: promised(stockMovementStore(db)),
    notifications: promised(notificationStore(db)),
    reagentOrders: promised(reagentOrderStore(db)),
    sessions: promised(sessionStore(db)),
    stocktakes: promised(stocktakeStore(db)),
    users: promised(userStore(db)),
  };
}

/**
 * lab.db on SQLite: `write` is the service process's read-write connection, `read` a read-only one
 * to the same file. The read views are the same functions typed as reads only; the read
 * connection refuses a write should one slip through.
 */
export function sqliteLabData(write: Db, read: Db): LabData {
  return sqliteUnitOfWork<LabReads, LabWrites>({ write, read, readStores: labStores, writeStores: labStores });
}
