// The seam between business writes and the completion subsystem (spec 000 "Write paths that
// maintain candidates"). Business code calls these after its transaction commits. A failing hook
// never fails the business write.
import type { ListEndpoint } from '../shared/records';
import type { Logger } from './logging';

export interface CompletionHooks {
  /** Single-entity sync after create, edit, status change or delete (deleted → rows removed). */
  entityChanged(endpoint: ListEndpoint, entityId: number): void;
  /** Bulk paths (bulk import): sync the given entities, or mark the endpoint stale when coverage is unclear. */
  bulkChanged(endpoint: ListEndpoint, entityIds: number[] | null): void;
  /** A submitted list search with field=all: recorded as search memory. */
  searchSubmitted(userId: number, endpoint: ListEndpoint, field: string, query: string): void;
}

/** Wraps an implementation so that any exception is logged and swallowed. */
export function safeHooks(impl: CompletionHooks, log: Logger): CompletionHooks {
  const guard =
    <A extends unknown[]>(name: string, fn: (...a: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch (e) {
        log.error({ hook: name, args: args.slice(0, 2), err: e instanceof Error ? e.message : String(e) }, 'completion index update failed after a business write');
      }
    };
  return {
    entityChanged: guard('entityChanged', impl.entityChanged.bind(impl)),
    bulkChanged: guard('bulkChanged', impl.bulkChanged.bind(impl)),
    searchSubmitted: guard('searchSubmitted', impl.searchSubmitted.bind(impl)),
  };
}
