// What every records service needs, and the one after-commit step they all share: tell the
// completion index (spec 000 write paths) and open lists (live refresh) what changed. Both run
// only after the business transaction committed, and neither may fail or undo the write.
import type { Db } from '../db/open';
import type { LabData } from '../stores/lab-data';
import type { AuditLog } from '../audit/audit-log';
import type { CompletionHooks } from '../completion-hooks';
import type { ListEndpoint } from '../../shared/records';
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import { inventoryStore } from '../stores/inventory-store';
import { reagentOrderStore } from '../stores/reagent-order-store';
import { consumableOrderStore } from '../stores/consumable-order-store';
import type { RecordTable } from '../stores/record-list-store';
import type { OrderListener } from './order-events';

export interface RecordsDeps {
  db: Db;
  /** lab.db behind the asynchronous seam (docs/stores.md): what converted services use instead of `db`. */
  data: LabData;
  audit: AuditLog;
  hooks: CompletionHooks;
  events: EventBus;
  log: Logger;
  /** Told of every order step after its commit (order-events.ts). */
  orderChanged?: OrderListener;
}

/** What a records service on the seam needs: no connection, no synchronous audit log. */
export type SeamDeps = Omit<RecordsDeps, 'db' | 'audit'>;

/** Events carry ids only for small changes; a bulk import just says "this list changed". */
const MAX_EVENT_IDS = 500;

export function afterCommit(deps: Pick<RecordsDeps, 'hooks' | 'events' | 'log'>, changes: Array<{ endpoint: ListEndpoint; ids: number[]; bulk?: boolean }>): void {
  for (const c of changes) {
    try {
      if (c.bulk) deps.hooks.bulkChanged(c.endpoint, c.ids);
      else for (const id of c.ids) deps.hooks.entityChanged(c.endpoint, id);
    } catch (e) {
      deps.log.error({ endpoint: c.endpoint, count: c.ids.length, err: e instanceof Error ? e.message : String(e) }, 'completion index update failed after a business write');
    }
    try {
      deps.events.emit({ type: 'records-changed', endpoint: c.endpoint, ...(c.ids.length <= MAX_EVENT_IDS ? { ids: c.ids } : {}) });
    } catch (e) {
      deps.log.error({ endpoint: c.endpoint, err: e instanceof Error ? e.message : String(e) }, 'records-changed event failed');
    }
  }
}

/** Field-by-field before → after for the audit log (only fields that changed). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of fields) if (f in after && after[f] !== undefined && before[f] !== after[f]) out[f] = [before[f] ?? null, after[f]];
  return out;
}

/** All fields of a new record as null → value, for the audit entry of a create. */
export function created(values: Record<string, unknown>, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of fields) if (values[f] !== undefined && values[f] !== '' && values[f] !== null) out[f] = [null, values[f]];
  return out;
}

export type { RecordTable } from '../stores/record-list-store';

const STORES = { inventory_items: inventoryStore, reagent_orders: reagentOrderStore, consumable_orders: consumableOrderStore } as const;

/** A record row's update through its table's store (the given columns, plus updated_at = now), for callers given a table name. */
export function updateRow(db: Db, table: RecordTable, id: number, sets: Record<string, unknown>): void {
  STORES[table](db).update(id, sets);
}

/** All fields of a deleted record as value → null, for the audit entry of a delete. */
export function deleted(before: object, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const b = before as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, [b[f] ?? null, null]]));
}
