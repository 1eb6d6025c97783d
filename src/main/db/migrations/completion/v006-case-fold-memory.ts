// completion.db v6. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import type { Db } from '../../open';
import { normalizeSearchTermV1 } from '../frozen/normalize-search-term';

export const v006: Migration = {
  version: 6,
  description: 'full case folding (ß finds ss): memory keys normalized again, the entity index rebuilt',
  up(db) {
    // The entity index is derived data: stale, so the worker's start-up rebuild makes it anew
    // from lab.db while readers keep the current generation.
    db.exec('UPDATE endpoint_meta SET stale = 1');
    refoldMemory(db);
  },
};

interface MemoryRow {
  id: number;
  user_id: number;
  endpoint: string;
  field: string;
  norm: string;
  frequency: number;
  last_used_at: number;
  accept_count: number;
  reject_count: number;
}

/** Memory records whose key changes under the new folding take it; two that now share a key
 *  (`weiß` and `weiss`) merge as the legacy import merges: counts add up, the latest use wins. */
function refoldMemory(db: Db): void {
  const rows = db.prepare('SELECT id, user_id, endpoint, field, norm, frequency, last_used_at, accept_count, reject_count FROM search_memory').all() as MemoryRow[];
  const find = db.prepare('SELECT id, frequency, last_used_at, accept_count, reject_count FROM search_memory WHERE user_id = ? AND endpoint = ? AND field = ? AND norm = ?');
  const rekey = db.prepare('UPDATE search_memory SET norm = ? WHERE id = ?');
  const merge = db.prepare(
    'UPDATE search_memory SET frequency = ?, last_used_at = ?, accept_count = ?, reject_count = ?, rank_key = ?, query = CASE WHEN ? THEN (SELECT query FROM search_memory WHERE id = ?) ELSE query END WHERE id = ?',
  );
  const drop = db.prepare('DELETE FROM search_memory WHERE id = ?');
  for (const r of rows) {
    const norm = normalizeSearchTermV1(r.norm);
    if (norm === r.norm) continue;
    const into = find.get(r.user_id, r.endpoint, r.field, norm) as Omit<MemoryRow, 'user_id' | 'endpoint' | 'field' | 'norm'> | undefined;
    if (!into) {
      rekey.run(norm, r.id);
      continue;
    }
    const f = into.frequency + r.frequency;
    const last = Math.max(into.last_used_at, r.last_used_at);
    const a = into.accept_count + r.accept_count;
    const rej = into.reject_count + r.reject_count;
    merge.run(f, last, a, rej, rankKey(f, last, a, rej), r.last_used_at > into.last_used_at ? 1 : 0, r.id, into.id);
    drop.run(r.id);
  }
}

/** The memory's rank key as this version computed it: ln(log1p(frequency) * (accept+1)/(accept+reject+2)) + 0.05 * days since the epoch. */
function rankKey(frequency: number, lastUsedAt: number, accept: number, reject: number): number {
  const base = Math.log1p(Math.max(0, frequency)) * ((accept + 1) / (accept + reject + 2));
  return Math.log(Math.max(base, 1e-300)) + 0.05 * (lastUsedAt / 86_400_000);
}
