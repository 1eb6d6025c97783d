// completion.db — derived, rebuildable search data (spec 000). Owned by the completion subsystem;
// each table's statements are in its store (src/main/stores/completion/).
// What the schema is now; how each version got there is in migrations/completion/ (frozen, one file per version).
//
// Tables:
// - search_memory: one row per scope (user_id, 0 = the global sentinel; endpoint; field, 'all' =
//   the all-fields sentinel) and normalized query. `rank_key` = ln(log1p(frequency) * accept_weight)
//   + 0.05 * last_used_days: ordering by it equals ordering by the spec's decayed memory score at
//   any instant, so the top candidates of a prefix come out of an index range without scoring all.
//   search_memory_p1 … _p4 index the first one to four characters of norm by rank (short prefixes).
// - the entity index (schema v3: tables per endpoint and generation, see
//   src/main/stores/completion/entity-index-store.ts): candidate rows per entity field value; terms — the same
//   values de-duplicated per field and normalized text with the best operational score (integer
//   per mille), so ten "Sigma-Aldrich" rows are one term, `refs` counting the rows behind a term
//   per score and spelling so a single-entity sync updates it without an index over the rows by
//   text; and the precomputed best terms of every prefix (≤ 8 characters) with more than 16 terms.
//   Readers only look at the generation endpoint_meta.active_gen names: a rebuild fills a new
//   generation in short batches and swaps it in with one tiny transaction (never an empty index).
// - endpoint_meta: per endpoint stale marker, change version, active generation and the legacy
//   migration marker. completion_meta: global keys (last prune time).
// - user_prefs: the personalization switch per user (absent = on).
export const COMPLETION_SCHEMA_VERSION = 6;

/** Tables and indexes the start-up check expects (spec 000 Versioning). */
export const COMPLETION_TABLES = ['completion_meta', 'endpoint_meta', 'search_memory', 'user_prefs'] as const;
/** Prefixes up to this many characters take their memory records best first from an index of their own. */
export const SHORT_PREFIX_CHARS = 4;
const SHORT_PREFIX_INDEXES = Array.from({ length: SHORT_PREFIX_CHARS }, (_, i) => `search_memory_p${i + 1}`);
export const COMPLETION_INDEXES = ['search_memory_scope', 'search_memory_prune', 'search_memory_prefix', ...SHORT_PREFIX_INDEXES] as const;
// The entity index's tables are per endpoint and generation (src/main/stores/completion/entity-index-store.ts);
// the start-up check looks for the active generation's.
