// Start-up check and legacy migration (spec 000 Versioning; docs/design.md#completion).
//
// The read-only check looks at the schema version, the tables, the indexes and the marker
// `legacy_completion_migrated=1` on every endpoint; when it passes nothing is written and lab.db's
// legacy tables are not read. Otherwise the upgrade takes the write lock, checks again, and copies
// the legacy data in the same transaction that sets the marker: retryable, never twice, legacy
// tables left in place. The entity index is rebuilt from the facts, not migrated (an active
// generation missing its tables gets empty ones and is marked stale).
//
// Legacy tables in older installs' lab.db (columns chosen by this project, see docs):
//   legacy_search_preferences(user_id INTEGER PRIMARY KEY, personalized INTEGER NOT NULL)
//   legacy_search_history(id INTEGER PRIMARY KEY, user_id INTEGER  -- NULL = global
//     , endpoint TEXT NOT NULL, field TEXT NOT NULL, query TEXT NOT NULL,
//       frequency INTEGER NOT NULL DEFAULT 1, last_used_at TEXT NOT NULL  -- ISO 8601
//     , accept_count INTEGER NOT NULL DEFAULT 0, reject_count INTEGER NOT NULL DEFAULT 0)
import { LIST_ENDPOINTS, type ListEndpoint, isListEndpoint } from '../../shared/records';
import { tableExists, type Db } from '../db/open';
import { migrate, schemaVersion } from '../db/migrate';
import { COMPLETION_INDEXES, COMPLETION_SCHEMA_VERSION, COMPLETION_TABLES } from '../db/completion-schema';
import { completionMigrations } from '../db/migrations/completion';
import { ALL_FIELDS, GLOBAL_USER } from './endpoints';
import { memoryQuery } from './memory-store';
import { memoryRankKey } from './ranking';
import { createGeneration, dropGenerationSql, generationObjects } from './index-tables';
import { markStaleInTx } from './index-store';
import { writeTransaction } from '../db/transaction';

function objectNames(db: Db): Set<string> {
  return new Set((db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table','index')").all() as { name: string }[]).map((r) => r.name));
}

/** Active index generations lacking some of their tables and indexes (a damaged file). */
function incompleteActiveGenerations(db: Db, names: ReadonlySet<string>): { endpoint: ListEndpoint; gen: number; missing: string[] }[] {
  const out = [];
  for (const { endpoint, active_gen: gen } of db.prepare('SELECT endpoint, active_gen FROM endpoint_meta').all() as { endpoint: string; active_gen: number }[]) {
    if (!isListEndpoint(endpoint)) continue;
    const missing = generationObjects(endpoint, gen).filter((n) => !names.has(n));
    if (missing.length) out.push({ endpoint, gen, missing });
  }
  return out;
}

export function startupCheck(db: Db): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  if (schemaVersion(db) !== COMPLETION_SCHEMA_VERSION) problems.push(`schema version ${schemaVersion(db)}`);
  const names = objectNames(db);
  for (const t of [...COMPLETION_TABLES, ...COMPLETION_INDEXES]) if (!names.has(t)) problems.push(`missing ${t}`);
  if (names.has('endpoint_meta')) {
    for (const { missing } of incompleteActiveGenerations(db, names)) for (const t of missing) problems.push(`missing ${t}`);
    const rows = db.prepare('SELECT endpoint, legacy_completion_migrated AS m FROM endpoint_meta').all() as { endpoint: string; m: number }[];
    for (const e of LIST_ENDPOINTS) {
      const r = rows.find((x) => x.endpoint === e);
      if (!r) problems.push(`no meta for ${e}`);
      else if (r.m !== 1) problems.push(`legacy_completion_migrated unset for ${e}`);
    }
  }
  return { ok: problems.length === 0, problems };
}

export interface LegacyResult {
  migrated: boolean;
  preferences: number;
  memory: number;
}

interface LegacyHistory {
  user_id: number | null;
  endpoint: string;
  field: string;
  query: string;
  frequency: number | null;
  last_used_at: string | number | null;
  accept_count: number | null;
  reject_count: number | null;
}

function toMs(v: string | number | null, fallback: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : fallback;
}

/** The upgrade: write lock, check again, copy, marker — one transaction. Throws on failure (retryable). */
export function upgradeAndMigrateLegacy(db: Db, lab: Db, now: number): LegacyResult {
  migrate(db, completionMigrations, 'completion.db');
  return writeTransaction(db, () => {
    if (startupCheck(db).ok) return { migrated: false, preferences: 0, memory: 0 };
    let preferences = 0;
    let memory = 0;
    // The legacy copy happens once: a check failing for another reason must not import it again.
    const copied = (db.prepare('SELECT min(legacy_completion_migrated) AS m FROM endpoint_meta').get() as { m: number | null }).m === 1;
    if (!copied && tableExists(lab, 'legacy_search_preferences')) {
      const put = db.prepare('INSERT INTO user_prefs(user_id, personalized, updated_at) VALUES (?,?,?) ON CONFLICT(user_id) DO NOTHING');
      for (const p of lab.prepare('SELECT user_id, personalized FROM legacy_search_preferences').all() as { user_id: number; personalized: number }[]) {
        if (Number.isInteger(p.user_id) && p.user_id > 0) preferences += put.run(p.user_id, p.personalized ? 1 : 0, now).changes;
      }
    }
    if (!copied && tableExists(lab, 'legacy_search_history')) {
      const merged = new Map<string, { userId: number; endpoint: string; field: string; norm: string; query: string; f: number; last: number; a: number; r: number }>();
      for (const h of lab.prepare('SELECT user_id, endpoint, field, query, frequency, last_used_at, accept_count, reject_count FROM legacy_search_history ORDER BY id').all() as LegacyHistory[]) {
        const m = memoryQuery(String(h.query ?? ''));
        if (!m || !isListEndpoint(h.endpoint)) continue;
        const userId = h.user_id && h.user_id > 0 ? h.user_id : GLOBAL_USER;
        const field = h.field || ALL_FIELDS;
        const key = `${userId}\u0000${h.endpoint}\u0000${field}\u0000${m.norm}`;
        const last = toMs(h.last_used_at, now);
        const cur = merged.get(key);
        if (cur) {
          cur.f += Math.max(0, h.frequency ?? 1);
          cur.a += Math.max(0, h.accept_count ?? 0);
          cur.r += Math.max(0, h.reject_count ?? 0);
          if (last >= cur.last) Object.assign(cur, { last, query: m.query });
        } else {
          merged.set(key, { userId, endpoint: h.endpoint, field, norm: m.norm, query: m.query, f: Math.max(0, h.frequency ?? 1), last, a: Math.max(0, h.accept_count ?? 0), r: Math.max(0, h.reject_count ?? 0) });
        }
      }
      const get = db.prepare('SELECT id, frequency, last_used_at, accept_count, reject_count FROM search_memory WHERE user_id = ? AND endpoint = ? AND field = ? AND norm = ?');
      const ins = db.prepare('INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (?,?,?,?,?,?,?,?,?,?)');
      const upd = db.prepare('UPDATE search_memory SET frequency = ?, last_used_at = ?, accept_count = ?, reject_count = ?, rank_key = ? WHERE id = ?');
      for (const m of merged.values()) {
        const cur = get.get(m.userId, m.endpoint, m.field, m.norm) as { id: number; frequency: number; last_used_at: number; accept_count: number; reject_count: number } | undefined;
        if (cur) {
          const f = cur.frequency + m.f;
          const last = Math.max(cur.last_used_at, m.last);
          const a = cur.accept_count + m.a;
          const r = cur.reject_count + m.r;
          upd.run(f, last, a, r, memoryRankKey(f, last, a, r), cur.id);
        } else {
          ins.run(m.userId, m.endpoint, m.field, m.norm, m.query, m.f, m.last, m.a, m.r, memoryRankKey(m.f, m.last, m.a, m.r));
        }
        memory++;
      }
    }
    // An active generation without its tables (a damaged file): empty ones, stale, so it is rebuilt.
    for (const { endpoint, gen } of incompleteActiveGenerations(db, objectNames(db))) {
      for (const sql of dropGenerationSql(endpoint, gen).flat()) db.exec(sql);
      createGeneration(db, endpoint, gen);
      markStaleInTx(db, endpoint);
    }
    db.prepare('UPDATE endpoint_meta SET legacy_completion_migrated = 1').run();
    return { migrated: true, preferences, memory };
  });
}
