// The one owner of completion.db's `completion_meta` table (docs/stores.md): global keys of the
// completion subsystem. The only key is `last_prune_at`, the time of the last pruning (ms since
// the epoch, stored as text), which several processes on one data directory share.
import type { Db } from '../../db/open';
import { prepareCached } from '../../db/statements';

export interface CompletionMetaReads {
  /** When search memory was last pruned; undefined before the first pruning. */
  lastPruneAt(): number | undefined;
}

export interface CompletionMetaWrites extends CompletionMetaReads {
  setLastPruneAt(at: number): void;
}

export function completionMetaStore(db: Db): CompletionMetaWrites {
  return {
    lastPruneAt: () => {
      const row = prepareCached(db, "SELECT value FROM completion_meta WHERE key = 'last_prune_at'").get() as { value: string } | undefined;
      return row ? Number(row.value) : undefined;
    },
    setLastPruneAt: (at) => {
      prepareCached(db, "INSERT INTO completion_meta(key, value) VALUES ('last_prune_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(at));
    },
  };
}
