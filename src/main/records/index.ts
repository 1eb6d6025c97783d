// The records services as one unit, built by the composition root on the current connections
// (and built again when a restore or move reopens them).
import { InventoryService } from './inventory-service';
import { ReagentOrderService } from './reagent-order-service';
import { ConsumableOrderService } from './consumable-order-service';
import { ImportService } from './import-service';
import { StockService } from './stock-service';
import { LocationService } from './location-service';
import { DashboardService } from '../dashboard/dashboard-service';
import { ControlledService } from '../controlled/controlled-service';
import { LabelService } from '../labels/label-service';
import { StocktakeService } from '../stocktake/stocktake-service';
import { findDuplicates, type DuplicateQuery } from './duplicates';
import path from 'node:path';
import { exportList } from './export-job';
import type { ExportFile, ExportInput } from './export';
import type { RecordsDeps } from './deps';
import type { HistoryEntry, RecordEntityType } from '../../shared/records';
import { AppError, fieldError } from '../../shared/errors';
import { peopleResolver } from '../audit/audit-query';

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

const TABLE: Record<RecordEntityType, string> = { inventory_item: 'inventory_items', reagent_order: 'reagent_orders', consumable_order: 'consumable_orders' };

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
      if (entries.length === 0 && !deps.db.prepare(`SELECT 1 FROM ${TABLE[entityType]} WHERE id = ?`).get(id)) {
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

