// The one owner of completion.db's `search_memory` table (docs/stores.md): one record per scope
// (user or the global sentinel, endpoint, field) and normalized query, with its counts and
// `rank_key` (completion/ranking.ts memoryRankKey: ordering by it is ordering by the decayed
// score at any instant). The read path's statements run on every keystroke: they are prepared
// once per connection and return rows as stored, with nothing built per call.
import type { Db } from '../../db/open';
import { preparedOnce, prepareCached } from '../../db/statements';
import { SHORT_PREFIX_CHARS } from '../../db/completion-schema';

/** The global scope's user id (real user ids are positive): a stored sentinel, never NULL (spec 000). */
export const GLOBAL_USER = 0;
/** Records read per memory source (the best by decayed score come first). */
export const MEMORY_CAP = 8;
/** How many records of a four-character group the best-first walk looks at before giving up. */
export const WALK_LIMIT = 200;

/** What the read path takes of a record. */
export interface MemoryRow {
  norm: string;
  query: string;
  frequency: number;
  last_used_at: number;
  accept_count: number;
  reject_count: number;
  rank_key: number;
  id: number;
}

/** A record's counts, as a write reads them before changing them. */
export interface MemoryCounts {
  id: number;
  frequency: number;
  last_used_at: number;
  accept_count: number;
  reject_count: number;
}

/** The new counts of a record (rankKey from completion/ranking.ts memoryRankKey). */
export interface MemoryUpdate {
  frequency: number;
  lastUsedAt: number;
  acceptCount: number;
  rejectCount: number;
  rankKey: number;
}

export interface NewMemory extends MemoryUpdate {
  userId: number;
  endpoint: string;
  field: string;
  norm: string;
  query: string;
}

/** A record chosen for pruning, as it was when chosen (it is deleted only if still so). */
export interface MemoryVictim {
  id: number;
  frequency: number;
  last_used_at: number;
}

/** Whose records a cap counts: each user's scopes, the global scopes, or the whole table. */
export type CapScope = 'user' | 'global' | 'all';

export interface SearchMemoryReads {
  find(userId: number, endpoint: string, field: string, norm: string): MemoryCounts | undefined;
  /** The MEMORY_CAP best records (best first) under a prefix of 1 … SHORT_PREFIX_CHARS characters. */
  shortPrefix(chars: number, userId: number, endpoint: string, field: string, q: string): MemoryRow[];
  /** Records under a longer prefix (q … hi) in index order, at most MEMORY_CAP + 1 (one more tells there are more). */
  longPrefix(userId: number, endpoint: string, field: string, q: string, hi: string): MemoryRow[];
  /**
   * The best records under a longer prefix found among the WALK_LIMIT best of its
   * SHORT_PREFIX_CHARS-character `group`, at most MEMORY_CAP: when MEMORY_CAP come back they are the
   * best of the prefix.
   */
  bestInGroup(userId: number, endpoint: string, field: string, group: string, q: string, hi: string): MemoryRow[];
  /** The MEMORY_CAP best records under a longer prefix, its whole range sorted (cost follows the range). */
  bestInRange(userId: number, endpoint: string, field: string, q: string, hi: string): MemoryRow[];
  /** Records used at most `maxFrequency` times, last before `usedBefore` (ms). */
  lowUse(maxFrequency: number, usedBefore: number): MemoryVictim[];
  /** Records beyond the first `cap` of each scope of `scope`, by frequency, then last use, then id. */
  overCap(scope: CapScope, cap: number): MemoryVictim[];
}

export interface SearchMemoryWrites extends SearchMemoryReads {
  insert(r: NewMemory): void;
  /** New counts; `query` replaces the stored spelling when given. */
  update(id: number, u: MemoryUpdate, query?: string): void;
  /** Deletes the victims still as they were chosen; how many went. */
  deleteUnchanged(victims: readonly MemoryVictim[]): number;
}

const COLUMNS = 'norm, query, frequency, last_used_at, accept_count, reject_count, rank_key, id';

// The read path's statements are re-run with new bindings on each keystroke. better-sqlite3 clears
// the bindings after each run, and SQLite expires (re-prepares, ~10 µs) a statement whose plan was
// made with a bound value in view — an `= ?` term next to an ORDER BY, or `LIMIT ?`. So equality
// values are passed as `+?` (an expression the planner does not look into; the index is still
// used) and limits are literals (docs/completion.md).

/** Memory of a prefix of `chars` characters, best first from `search_memory_p<chars>` (no sort). */
function shortPrefixSql(chars: number): string {
  return `SELECT ${COLUMNS} FROM search_memory INDEXED BY search_memory_p${chars}
    WHERE user_id = +? AND endpoint = +? AND field = +? AND substr(norm, 1, ${chars}) = +? AND norm > ? AND frequency > 0
    ORDER BY rank_key DESC, id DESC LIMIT ${MEMORY_CAP}`;
}

const LONG_PREFIX_SQL = `SELECT ${COLUMNS} FROM search_memory INDEXED BY search_memory_prefix
    WHERE user_id = +? AND endpoint = +? AND field = +? AND norm > ? AND norm < ? AND frequency > 0 LIMIT ${MEMORY_CAP + 1}`;

const BEST_IN_GROUP_SQL = `SELECT * FROM (SELECT ${COLUMNS} FROM search_memory INDEXED BY search_memory_p${SHORT_PREFIX_CHARS}
    WHERE user_id = +? AND endpoint = +? AND field = +? AND substr(norm, 1, ${SHORT_PREFIX_CHARS}) = +? AND frequency > 0
    ORDER BY rank_key DESC, id DESC LIMIT ${WALK_LIMIT}) WHERE norm > ? AND norm < ? LIMIT ${MEMORY_CAP}`;

const BEST_IN_RANGE_SQL = `SELECT ${COLUMNS} FROM search_memory INDEXED BY search_memory_prefix
    WHERE user_id = +? AND endpoint = +? AND field = +? AND norm > ? AND norm < ? AND frequency > 0
    ORDER BY rank_key DESC, id DESC LIMIT ${MEMORY_CAP}`;

/** Pruning keeps higher frequency, then later last use, then higher id (spec 000 Limits). */
const PRIORITY = 'ORDER BY frequency DESC, last_used_at DESC, id DESC';
const CAP_SCOPES: Record<CapScope, { where: string; partition: string }> = {
  user: { where: `WHERE user_id <> ${GLOBAL_USER}`, partition: 'PARTITION BY user_id, endpoint, field' },
  global: { where: `WHERE user_id = ${GLOBAL_USER}`, partition: 'PARTITION BY endpoint, field' },
  all: { where: '', partition: '' },
};

export function searchMemoryStore(db: Db): SearchMemoryWrites {
  const short = Array.from({ length: SHORT_PREFIX_CHARS }, (_, i) => preparedOnce(db, shortPrefixSql(i + 1)));
  const long = preparedOnce(db, LONG_PREFIX_SQL);
  const inGroup = preparedOnce(db, BEST_IN_GROUP_SQL);
  const inRange = preparedOnce(db, BEST_IN_RANGE_SQL);
  return {
    find: (userId, endpoint, field, norm) =>
      prepareCached(db, 'SELECT id, frequency, last_used_at, accept_count, reject_count FROM search_memory WHERE user_id = ? AND endpoint = ? AND field = ? AND norm = ?').get(userId, endpoint, field, norm) as
        | MemoryCounts
        | undefined,
    shortPrefix: (chars, userId, endpoint, field, q) => short[chars - 1]!().all(userId, endpoint, field, q, q) as MemoryRow[],
    longPrefix: (userId, endpoint, field, q, hi) => long().all(userId, endpoint, field, q, hi) as MemoryRow[],
    bestInGroup: (userId, endpoint, field, group, q, hi) => inGroup().all(userId, endpoint, field, group, q, hi) as MemoryRow[],
    bestInRange: (userId, endpoint, field, q, hi) => inRange().all(userId, endpoint, field, q, hi) as MemoryRow[],
    lowUse: (maxFrequency, usedBefore) =>
      prepareCached(db, 'SELECT id, frequency, last_used_at FROM search_memory WHERE frequency <= ? AND last_used_at < ?').all(maxFrequency, usedBefore) as MemoryVictim[],
    overCap: (scope, cap) => {
      const { where, partition } = CAP_SCOPES[scope];
      return prepareCached(
        db,
        `SELECT id, frequency, last_used_at FROM (
           SELECT id, frequency, last_used_at, row_number() OVER (${partition} ${PRIORITY}) AS rn FROM search_memory ${where}
         ) WHERE rn > ?`,
      ).all(cap) as MemoryVictim[];
    },
    insert: (r) => {
      prepareCached(db, 'INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (?,?,?,?,?,?,?,?,?,?)').run(
        r.userId,
        r.endpoint,
        r.field,
        r.norm,
        r.query,
        r.frequency,
        r.lastUsedAt,
        r.acceptCount,
        r.rejectCount,
        r.rankKey,
      );
    },
    update: (id, u, query) => {
      prepareCached(db, 'UPDATE search_memory SET frequency = ?, last_used_at = ?, accept_count = ?, reject_count = ?, rank_key = ?, query = coalesce(?, query) WHERE id = ?').run(
        u.frequency,
        u.lastUsedAt,
        u.acceptCount,
        u.rejectCount,
        u.rankKey,
        query ?? null,
        id,
      );
    },
    deleteUnchanged: (victims) => {
      const del = prepareCached(db, 'DELETE FROM search_memory WHERE id = ? AND frequency = ? AND last_used_at = ?');
      let n = 0;
      for (const v of victims) n += del.run(v.id, v.frequency, v.last_used_at).changes;
      return n;
    },
  };
}
