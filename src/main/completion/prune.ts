// Search-memory pruning (spec 000 Limits): at most one check an hour, throttled across processes
// through completion_meta.last_prune_at; removes records with frequency ≤ 2 unused for 180 days,
// then caps 1000 per user + endpoint + field, 5000 per global endpoint + field and 100 000 in the
// whole table, keeping higher frequency, then later last use, then higher id. Victims are chosen
// with a read query and deleted in short batches (each re-checks the row is unchanged).
import type { Db } from '../db/open';
import { DAY_MS } from './ranking';
import { GLOBAL_USER } from './endpoints';
import { writeTransaction } from '../db/transaction';

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

interface Victim {
  id: number;
  frequency: number;
  last_used_at: number;
}

const PRIORITY = 'ORDER BY frequency DESC, last_used_at DESC, id DESC';

/** Claims the hourly slot; false when another process (or an earlier tick) pruned within the hour. */
function claimSlot(db: Db, now: number, intervalMs: number): boolean {
  const due = () => {
    const row = db.prepare("SELECT value FROM completion_meta WHERE key = 'last_prune_at'").get() as { value: string } | undefined;
    return !row || now - Number(row.value) >= intervalMs;
  };
  // A plain read first: the 5 s maintenance round takes no write lock when pruning is not due.
  if (!due()) return false;
  return writeTransaction(db, () => {
    if (!due()) return false;
    db.prepare("INSERT INTO completion_meta(key, value) VALUES ('last_prune_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(now));
    return true;
  });
}

function deleteVictims(db: Db, victims: Victim[], batch = 500): number {
  let n = 0;
  const del = db.prepare('DELETE FROM search_memory WHERE id = ? AND frequency = ? AND last_used_at = ?');
  for (let i = 0; i < victims.length; i += batch) {
    const slice = victims.slice(i, i + batch);
    n += writeTransaction(db, () => slice.reduce((acc, v) => acc + del.run(v.id, v.frequency, v.last_used_at).changes, 0));
  }
  return n;
}

export function pruneMemory(db: Db, now: number, opts: { intervalMs?: number; force?: boolean } = {}): PruneResult {
  const none = { ran: false, lowUse: 0, userCap: 0, globalCap: 0, totalCap: 0 };
  if (!opts.force && !claimSlot(db, now, opts.intervalMs ?? PRUNE_INTERVAL_MS)) return none;
  const lowUse = deleteVictims(
    db,
    db.prepare('SELECT id, frequency, last_used_at FROM search_memory WHERE frequency <= ? AND last_used_at < ?').all(PRUNE_LOW_USE_FREQUENCY, now - PRUNE_UNUSED_MS) as Victim[],
  );
  const overCap = (where: string, partition: string, cap: number) =>
    db
      .prepare(
        `SELECT id, frequency, last_used_at FROM (
           SELECT id, frequency, last_used_at, row_number() OVER (${partition} ${PRIORITY}) AS rn FROM search_memory ${where}
         ) WHERE rn > ?`,
      )
      .all(cap) as Victim[];
  const userCap = deleteVictims(db, overCap(`WHERE user_id <> ${GLOBAL_USER}`, 'PARTITION BY user_id, endpoint, field', CAP_PER_USER_SCOPE));
  const globalCap = deleteVictims(db, overCap(`WHERE user_id = ${GLOBAL_USER}`, 'PARTITION BY endpoint, field', CAP_PER_GLOBAL_SCOPE));
  const totalCap = deleteVictims(db, overCap('', '', CAP_TOTAL));
  return { ran: true, lowUse, userCap, globalCap, totalCap };
}
