// completion.db — derived, rebuildable search data (spec 000). Owned by the completion subsystem.
//
// Tables:
// - search_memory: one row per scope (user_id, 0 = the global sentinel; endpoint; field, 'all' =
//   the all-fields sentinel) and normalized query. `rank_key` = ln(log1p(frequency) * accept_weight)
//   + 0.05 * last_used_days: ordering by it equals ordering by the spec's decayed memory score at
//   any instant, so the top candidates of a prefix come out of an index range without scoring all.
//   search_memory_p1 … _p4 index the first one to four characters of norm by rank (short prefixes).
// - the entity index (schema v3: tables per endpoint and generation, see
//   src/main/completion/index-tables.ts): candidate rows per entity field value; terms — the same
//   values de-duplicated per field and normalized text with the best operational score (integer
//   per mille), so ten "Sigma-Aldrich" rows are one term, `refs` counting the rows behind a term
//   per score and spelling so a single-entity sync updates it without an index over the rows by
//   text; and the precomputed best terms of every prefix (≤ 8 characters) with more than 16 terms.
//   Readers only look at the generation endpoint_meta.active_gen names: a rebuild fills a new
//   generation in short batches and swaps it in with one tiny transaction (never an empty index).
// - endpoint_meta: per endpoint stale marker, change version, active generation and the legacy
//   migration marker. completion_meta: global keys (last prune time).
// - user_prefs: the personalization switch per user (absent = on).
import { isListEndpoint } from '../../shared/records';
import type { Migration } from './migrate';
import { createGeneration } from '../completion/index-tables';
import { memoryRankKey } from '../completion/ranking';
import { normalizeSearchTerm } from '../../shared/normalize';
import type { Db } from './open';

export const COMPLETION_SCHEMA_VERSION = 6;

/** Tables and indexes the start-up check expects (spec 000 Versioning). */
export const COMPLETION_TABLES = ['completion_meta', 'endpoint_meta', 'search_memory', 'user_prefs'] as const;
/** Prefixes up to this many characters take their memory records best first from an index of their own. */
export const SHORT_PREFIX_CHARS = 4;
const SHORT_PREFIX_INDEXES = Array.from({ length: SHORT_PREFIX_CHARS }, (_, i) => `search_memory_p${i + 1}`);
export const COMPLETION_INDEXES = ['search_memory_scope', 'search_memory_prune', 'search_memory_prefix', ...SHORT_PREFIX_INDEXES] as const;
/** Columns of the short-prefix indexes after the prefix: rank order first, then what the reader reads. */
const SHORT_PREFIX_COLUMNS = 'rank_key, id, norm, query, frequency, last_used_at, accept_count, reject_count';
const shortPrefixIndex = (chars: number) =>
  `CREATE INDEX search_memory_p${chars} ON search_memory(user_id, endpoint, field, substr(norm, 1, ${chars}), ${SHORT_PREFIX_COLUMNS}) WHERE frequency > 0;`;
// The entity index's tables are per endpoint and generation (src/main/completion/index-tables.ts);
// the start-up check looks for the active generation's.

export const completionMigrations: Migration[] = [
  {
    version: 1,
    description: 'search memory, entity completion index, preferences, meta',
    up(db) {
      db.exec(`
        CREATE TABLE completion_meta (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
        CREATE TABLE endpoint_meta (
          endpoint TEXT PRIMARY KEY,
          stale INTEGER NOT NULL DEFAULT 1,
          change_version INTEGER NOT NULL DEFAULT 0,
          active_gen INTEGER NOT NULL DEFAULT 0,
          legacy_completion_migrated INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO endpoint_meta(endpoint) VALUES ('/inventory/'), ('/reagent-orders/'), ('/consumable-orders/');
        CREATE TABLE search_memory (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL,
          endpoint TEXT NOT NULL,
          field TEXT NOT NULL,
          norm TEXT NOT NULL,
          query TEXT NOT NULL,
          frequency INTEGER NOT NULL DEFAULT 0,
          last_used_at INTEGER NOT NULL,
          accept_count INTEGER NOT NULL DEFAULT 0,
          reject_count INTEGER NOT NULL DEFAULT 0,
          rank_key REAL NOT NULL
        );
        CREATE UNIQUE INDEX search_memory_scope ON search_memory(user_id, endpoint, field, norm);
        CREATE INDEX search_memory_prune ON search_memory(frequency, last_used_at);
        -- Covering index of the read path's prefix range (no table lookups per candidate).
        CREATE INDEX search_memory_prefix ON search_memory(user_id, endpoint, field, norm, rank_key, frequency, last_used_at, accept_count, reject_count, query, id);
        CREATE TABLE entity_rows (
          id INTEGER PRIMARY KEY,
          endpoint TEXT NOT NULL,
          gen INTEGER NOT NULL,
          entity_type TEXT NOT NULL,
          entity_id INTEGER NOT NULL,
          field TEXT NOT NULL,
          text TEXT NOT NULL,
          norm TEXT NOT NULL,
          operational_score REAL NOT NULL
        );
        CREATE INDEX entity_rows_entity ON entity_rows(endpoint, gen, entity_type, entity_id);
        CREATE TABLE entity_terms (
          endpoint TEXT NOT NULL,
          gen INTEGER NOT NULL,
          field TEXT NOT NULL,
          norm TEXT NOT NULL,
          text TEXT NOT NULL,
          score INTEGER NOT NULL,
          refs TEXT NOT NULL,
          PRIMARY KEY (endpoint, gen, field, norm)
        ) WITHOUT ROWID;
        CREATE INDEX entity_terms_rank ON entity_terms(endpoint, gen, field, score, norm, text);
        CREATE INDEX entity_terms_norm ON entity_terms(endpoint, gen, norm, field, score, text);
        CREATE TABLE entity_prefix_top (
          endpoint TEXT NOT NULL,
          gen INTEGER NOT NULL,
          prefix TEXT NOT NULL,
          field TEXT NOT NULL,
          rank INTEGER NOT NULL,
          score INTEGER NOT NULL,
          norm TEXT NOT NULL,
          text TEXT NOT NULL,
          PRIMARY KEY (endpoint, gen, prefix, field, rank)
        ) WITHOUT ROWID;
        CREATE TABLE user_prefs (
          user_id INTEGER PRIMARY KEY,
          personalized INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    description: 'search memory: best records of one- and two-character prefixes straight from an index',
    up(db) {
      // A one- or two-character prefix covers hundreds of memory records; ordering a norm range by
      // rank_key meant reading and sorting all of them (0.3 ms at the benchmark's p99). These
      // partial indexes hand out a short prefix's records best first, so the read stops after 8.
      // substr() counts characters, like the reader's Array.from(q).length.
      db.exec(`
        ALTER TABLE search_memory ADD COLUMN p1 TEXT GENERATED ALWAYS AS (substr(norm, 1, 1)) VIRTUAL;
        ALTER TABLE search_memory ADD COLUMN p2 TEXT GENERATED ALWAYS AS (substr(norm, 1, 2)) VIRTUAL;
        CREATE INDEX search_memory_p1 ON search_memory(user_id, endpoint, field, p1, rank_key) WHERE frequency > 0;
        CREATE INDEX search_memory_p2 ON search_memory(user_id, endpoint, field, p2, rank_key) WHERE frequency > 0;
      `);
    },
  },
  {
    version: 3,
    description: 'entity index: tables of their own per endpoint and generation',
    up(db) {
      // Derived data is rebuilt from lab.db, not migrated (spec 000 Versioning): the active
      // generation starts empty and stale, and the worker's start-up rebuild fills it.
      db.exec('DROP TABLE entity_rows; DROP TABLE entity_terms; DROP TABLE entity_prefix_top; UPDATE endpoint_meta SET stale = 1');
      const gens = db.prepare('SELECT endpoint, active_gen FROM endpoint_meta').all() as { endpoint: string; active_gen: number }[];
      for (const { endpoint, active_gen } of gens) if (isListEndpoint(endpoint)) createGeneration(db, endpoint, active_gen);
    },
  },
  {
    version: 4,
    description: 'search memory: the short-prefix indexes cover the columns the read path needs',
    up(db) {
      // id right after rank_key keeps the read's order (rank_key DESC, id DESC) the index's own;
      // the other columns spare eight table lookups per scope. Indexed expressions rather than
      // the v2 generated columns: with two virtual columns SQLite does not see an index on one of
      // them as covering.
      db.exec(`
        DROP INDEX search_memory_p1;
        DROP INDEX search_memory_p2;
        ALTER TABLE search_memory DROP COLUMN p1;
        ALTER TABLE search_memory DROP COLUMN p2;
        ${shortPrefixIndex(1)}
        ${shortPrefixIndex(2)}
      `);
    },
  },
  {
    version: 5,
    description: 'search memory: three- and four-character prefixes best first from an index too',
    up(db) {
      // A three-character prefix such as "ben" still covers a hundred global records, and sorting
      // them was the read path's slowest step (0.15 ms); from four characters on a range holds a
      // few dozen at most. Two more partial indexes cost each memory write a few microseconds.
      db.exec(`${shortPrefixIndex(3)} ${shortPrefixIndex(4)}`);
    },
  },
  {
    version: 6,
    description: 'full case folding (ß finds ss): memory keys normalized again, the entity index rebuilt',
    up(db) {
      // The entity index is derived data: stale, so the worker's start-up rebuild makes it anew
      // from lab.db while readers keep the current generation.
      db.exec('UPDATE endpoint_meta SET stale = 1');
      refoldMemory(db);
    },
  },
];

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
    const norm = normalizeSearchTerm(r.norm);
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
    merge.run(f, last, a, rej, memoryRankKey(f, last, a, rej), r.last_used_at > into.last_used_at ? 1 : 0, r.id, into.id);
    drop.run(r.id);
  }
}
