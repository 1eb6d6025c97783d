// The records services as one unit, built by the composition root on the current connections
// (and built again when a restore or move reopens them).
import { InventoryService } from './inventory-service';
import { ReagentOrderService } from './reagent-order-service';
import { ConsumableOrderService } from './consumable-order-service';
import { ImportService } from '../bulk-import/import-service';
import { StockService } from '../stock/stock-service';
import { LocationService } from '../locations/location-service';
import { DashboardService } from '../dashboard/dashboard-service';
import { ControlledService } from '../controlled/controlled-service';
import { LabelService } from '../labels/label-service';
import { StocktakeService } from '../stocktake/stocktake-service';
import { findDuplicates, type DuplicateQuery } from './duplicates';
import path from 'node:path';
import { exportList } from '../list-export/export-job';
import type { ExportFile, ExportInput } from '../list-export/export-file';
import type { RecordsDeps } from './deps';
import type { HistoryEntry, RecordEntityType } from '../../shared/records';
import { AppError, fieldError } from '../../shared/errors';
import { peopleResolver } from '../audit/audit-query';
import { inventoryStore } from '../stores/inventory-store';
import { reagentOrderStore } from '../stores/reagent-order-store';
import { consumableOrderStore } from '../stores/consumable-order-store';

export interface RecordsServices {
  inventory: InventoryService;
  reagentOrders: ReagentOrderService;
  consumableOrders: ConsumableOrderService;
  imports: ImportService;
  stock: StockService;
  locations: LocationService;
  dashboard: DashboardService;
  controlled: ControlledService;
  labels: LabelService;
  stocktakes: StocktakeService;
  duplicates(q: DuplicateQuery): ReturnType<typeof findDuplicates>;
  history(entityType: RecordEntityType, id: number): HistoryEntry[];
  /** Writes the export into `<dataDir>/exports/`; the transport delivers and removes the file. */
  export(input: ExportInput): Promise<ExportFile>;
}

/** Whether record `id` of a kind exists, through its table's store. */
const EXISTS: Record<RecordEntityType, (db: RecordsDeps['db'], id: number) => boolean> = {
  inventory_item: (db, id) => inventoryStore(db).exists(id),
  reagent_order: (db, id) => reagentOrderStore(db).exists(id),
  consumable_order: (db, id) => consumableOrderStore(db).exists(id),
};

export function createRecordsServices(deps: RecordsDeps): RecordsServices {
  const inventory = new InventoryService(deps);
  return {
    inventory,
    reagentOrders: new ReagentOrderService(deps, inventory),
    consumableOrders: new ConsumableOrderService(deps),
    imports: new ImportService(deps),
    stock: new StockService(deps, inventory),
    locations: new LocationService(deps, inventory),
    dashboard: new DashboardService(deps),
    controlled: new ControlledService(deps),
    labels: new LabelService(deps),
    stocktakes: new StocktakeService(deps),
    duplicates: (q) => findDuplicates(deps.db, q),
    history(entityType, id) {
      const entries = deps.audit.history(entityType, id);
      // A deleted record still has its history; only an id that never existed is not found.
      if (entries.length === 0 && !EXISTS[entityType](deps.db, id)) {
        throw new AppError('not_found', 'records.noRecord', { kind: entityType, id }, { fields: fieldError('id', 'field.noSuchRecord') });
      }
      // Audit keeps user ids; the history panel shows who that was.
      const people = peopleResolver(deps.db);
      return entries.map((e) => ({ id: e.id, at: e.at, userId: e.userId, userName: e.userName, action: e.action, changes: people(e.changes) }));
    },
    export: (input) => exportList(deps.db.name, path.join(path.dirname(deps.db.name), 'exports'), input),
  };
}

export type { RecordsDeps } from './deps';

