// Search-memory pruning (spec 000 Limits): at most one check an hour, throttled across processes
// through completion_meta.last_prune_at; removes records with frequency ≤ 2 unused for 180 days,
// then caps 1000 per user + endpoint + field, 5000 per global endpoint + field and 100 000 in the
// whole table, keeping higher frequency, then later last use, then higher id. Victims are chosen
// with a read query and deleted in short batches (each re-checks the row is unchanged).
import type { Db } from '../db/open';
import { DAY_MS } from './ranking';
import { writeTransaction } from '../db/transaction';
import { completionMetaStore } from '../stores/completion/completion-meta-store.child';
import { searchMemoryStore, type MemoryVictim, type SearchMemoryWrites } from '../stores/completion/search-memory-store';

export const PRUNE_INTERVAL_MS = 3_600_000;
export const PRUNE_LOW_USE_FREQUENCY = 2;
export const PRUNE_UNUSED_MS = 180 * DAY_MS;
export const CAP_PER_USER_SCOPE = 1000;
export const CAP_PER_GLOBAL_SCOPE = 5000;
export const CAP_TOTAL = 100_000;

export interface PruneResult {
  ran: boolean;
  lowUse: number;
  userCap: number;
  globalCap: number;
  totalCap: number;
}

/** Claims the hourly slot; false when another process (or an earlier tick) pruned within the hour. */
function claimSlot(db: Db, now: number, intervalMs: number): boolean {
  const meta = completionMetaStore(db);
  const due = () => {
    const last = meta.lastPruneAt();
    return last === undefined || now - last >= intervalMs;
  };
  // A plain read first: the 5 s maintenance round takes no write lock when pruning is not due.
  if (!due()) return false;
  return writeTransaction(db, () => {
    if (!due()) return false;
    meta.setLastPruneAt(now);
    return true;
  });
}

function deleteVictims(db: Db, memory: SearchMemoryWrites, victims: MemoryVictim[], batch = 500): number {
  let n = 0;
  for (let i = 0; i < victims.length; i += batch) {
    const slice = victims.slice(i, i + batch);
    n += writeTransaction(db, () => memory.deleteUnchanged(slice));
  }
  return n;
}

export function pruneMemory(db: Db, now: number, opts: { intervalMs?: number; force?: boolean } = {}): PruneResult {
  const none = { ran: false, lowUse: 0, userCap: 0, globalCap: 0, totalCap: 0 };
  if (!opts.force && !claimSlot(db, now, opts.intervalMs ?? PRUNE_INTERVAL_MS)) return none;
  const memory = searchMemoryStore(db);
  const lowUse = deleteVictims(db, memory, memory.lowUse(PRUNE_LOW_USE_FREQUENCY, now - PRUNE_UNUSED_MS));
  const userCap = deleteVictims(db, memory, memory.overCap('user', CAP_PER_USER_SCOPE));
  const globalCap = deleteVictims(db, memory, memory.overCap('global', CAP_PER_GLOBAL_SCOPE));
  const totalCap = deleteVictims(db, memory, memory.overCap('all', CAP_TOTAL));
  return { ran: true, lowUse, userCap, globalCap, totalCap };
}
