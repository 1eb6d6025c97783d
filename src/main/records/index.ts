// The records room (README.md): inventory items, reagent and consumable orders, their history and
// duplicate warning. `wire` builds its services on the current connections (the seam, `deps.data`);
// the composition root calls it again when a restore or move reopens the databases.
import { InventoryService } from './inventory-service';
import { ReagentOrderService } from './reagent-order-service';
import { ConsumableOrderService } from './consumable-order-service';
import { findDuplicates, type DuplicateQuery } from './duplicates';
import type { RecordsDeps } from './deps';
import type { HistoryEntry, RecordEntityType } from '../../shared/records';
import { AppError, fieldError } from '../../shared/errors';
import { peopleIn } from '../audit/audit-query';
import { readHistory } from '../audit/audit-log';
import type { LabReads } from '../stores/lab-data';

export interface RecordsServices {
  inventory: InventoryService;
  reagentOrders: ReagentOrderService;
  consumableOrders: ConsumableOrderService;
  duplicates(q: DuplicateQuery): ReturnType<typeof findDuplicates>;
  history(entityType: RecordEntityType, id: number): Promise<HistoryEntry[]>;
}

/** Whether record `id` of a kind exists, through its table's store in the open unit `r`. */
const EXISTS: Record<RecordEntityType, (r: LabReads, id: number) => Promise<boolean>> = {
  inventory_item: (r, id) => r.inventory.exists(id),
  reagent_order: (r, id) => r.reagentOrders.exists(id),
  consumable_order: (r, id) => r.consumableOrders.exists(id),
};

export function wire(deps: RecordsDeps): RecordsServices {
  const inventory = new InventoryService(deps);
  return {
    inventory,
    reagentOrders: new ReagentOrderService(deps),
    consumableOrders: new ConsumableOrderService(deps),
    duplicates: (q) => deps.data.read((r) => findDuplicates(r, q)),
    history: (entityType, id) =>
      deps.data.read(async (r) => {
        const entries = await readHistory(r, entityType, id);
        // A deleted record still has its history; only an id that never existed is not found.
        if (entries.length === 0 && !(await EXISTS[entityType](r, id))) {
          throw new AppError('not_found', 'records.noRecord', { kind: entityType, id }, { fields: fieldError('id', 'field.noSuchRecord') });
        }
        // Audit keeps user ids; the history panel shows who that was.
        const people = await peopleIn(r);
        return entries.map((e) => ({ id: e.id, at: e.at, userId: e.userId, userName: e.userName, action: e.action, changes: people(e.changes) }));
      }),
  };
}

export type { RecordsDeps } from './deps';
