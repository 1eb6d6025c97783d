// What every records service needs, and the one after-commit step they all share: tell the
// completion index (spec 000 write paths) and open lists (live refresh) what changed. Both run
// only after the business transaction committed, and neither may fail or undo the write.
import path from 'node:path';
import type { LabData } from '../stores/lab-data';
import type { CompletionHooks } from '../completion-hooks';
import type { ListEndpoint } from '../../shared/records';
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import type { OrderListener } from './order-events';

/** What every room on lab.db may be given: the seam, never a connection (docs/stores.md). */
/** Where the rooms write the files a user downloads (exports, ledgers, labels, templates): the data directory's `exports`. */
export function exportsDirOf(deps: Pick<RecordsDeps, 'dataDir'>): string {
  return path.join(deps.dataDir, 'exports');
}

export interface RecordsDeps {
  /** lab.db behind the asynchronous seam: read and write units with the stores inside. */
  data: LabData;
  /** The data directory, for the files rooms write beside the databases (exports, imports). */
  dataDir: string;
  hooks: CompletionHooks;
  events: EventBus;
  log: Logger;
  /** Told of every order step after its commit (order-events.ts). */
  orderChanged?: OrderListener;
}

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

/** All fields of a deleted record as value → null, for the audit entry of a delete. */
export function deleted(before: object, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const b = before as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, [b[f] ?? null, null]]));
}
