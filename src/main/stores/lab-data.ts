// The lab's facts behind one seam (docs/stores.md): every lab.db store, as the services see it —
// asynchronous, inside a unit of work. `read` gives the read views on the read connection,
// `withWriteTransaction` the write views on the write connection, one unit at a time. A
// PostgreSQL engine implements the same `LabData`; completion.db and reference.db are local
// derived files and keep their synchronous stores (docs/stores.md).
import type { Db } from '../db/open';
import { sqliteUnitOfWork, type UnitOfWork } from '../db/unit-of-work';
import { promised, type Async } from './async-store';
import { auditStore, type AuditReads } from './audit-store';
import { consumableOrderStore, type ConsumableOrderReads } from './consumable-order-store';
import { controlledStore, type ControlledReads } from './controlled-store';
import { importSubmissionStore, type ImportSubmissionReads } from './import-submission-store';
import { inventoryStore, type InventoryReads } from './inventory-store';
import { locationStore, type LocationReads } from './location-store';
import { notificationStore, type NotificationReads } from './notification-store';
import { reagentOrderStore, type ReagentOrderReads } from './reagent-order-store';
import { recordListStore, type RecordListReads } from './record-list-store';
import { sessionStore, type SessionReads } from './session-store';
import { stockMovementStore, type StockMovementReads } from './stock-movement-store';
import { stocktakeStore, type StocktakeReads } from './stocktake-store';
import { userStore, type UserReads } from './user-store';

export type { Async } from './async-store';

/** Every lab.db store by the name the units give it, each built on one connection. */
const STORES = {
  audit: auditStore,
  consumableOrders: consumableOrderStore,
  controlled: controlledStore,
  importSubmissions: importSubmissionStore,
  inventory: inventoryStore,
  /** The list search over the three record tables (and their search index). */
  lists: recordListStore,
  locations: locationStore,
  movements: stockMovementStore,
  notifications: notificationStore,
  reagentOrders: reagentOrderStore,
  sessions: sessionStore,
  stocktakes: stocktakeStore,
  users: userStore,
};
type StoreName = keyof typeof STORES;

/** Each store's reads, under the same names (what a read unit may call). */
interface ReadsOf {
  audit: AuditReads;
  consumableOrders: ConsumableOrderReads;
  controlled: ControlledReads;
  importSubmissions: ImportSubmissionReads;
  inventory: InventoryReads;
  lists: RecordListReads;
  locations: LocationReads;
  movements: StockMovementReads;
  notifications: NotificationReads;
  reagentOrders: ReagentOrderReads;
  sessions: SessionReads;
  stocktakes: StocktakeReads;
  users: UserReads;
}

/** What a read unit may call: every lab.db table's reads. */
export type LabReads = { [K in StoreName]: Async<ReadsOf[K]> };

/** What a write unit may call: the same tables' reads and writes, under the write lock. */
export type LabWrites = { [K in StoreName]: Async<ReturnType<(typeof STORES)[K]>> };

/** The seam the services get instead of a connection. */
export type LabData = UnitOfWork<LabReads, LabWrites>;

/** Every store on one connection, in its asynchronous view. */
function labStores(db: Db): LabWrites {
  return Object.fromEntries(Object.entries(STORES).map(([name, store]) => [name, promised(store(db))])) as LabWrites;
}

/**
 * lab.db on SQLite: `write` is the service process's read-write connection, `read` a read-only one
 * to the same file. The read views are the same functions typed as reads only; the read
 * connection refuses a write should one slip through.
 */
export function sqliteLabData(write: Db, read: Db): LabData {
  return sqliteUnitOfWork<LabReads, LabWrites>({ write, read, readStores: labStores, writeStores: labStores });
}
