// Start-up check and legacy migration (spec 000 Versioning; docs/design.md#completion).
//
// The read-only check looks at the schema version, the tables, the indexes and the marker
// `legacy_completion_migrated=1` on every endpoint; when it passes nothing is written and lab.db's
// legacy tables are not read. Otherwise the upgrade takes the write lock, checks again, and copies
// the legacy data in the same transaction that sets the marker: retryable, never twice, legacy
// tables left in place. The entity index is rebuilt from the facts, not migrated (an active
// generation missing its tables gets empty ones and is marked stale).
//
// The legacy tables of older installs' lab.db are read through stores/completion/legacy-search-store.child.ts.
import { LIST_ENDPOINTS, type ListEndpoint, isListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { migrate, schemaVersion } from '../db/migrate';
import { schemaObjectNames } from '../db/connection';
import { COMPLETION_INDEXES, COMPLETION_SCHEMA_VERSION, COMPLETION_TABLES } from '../db/completion-schema';
import { completionMigrations } from '../db/migrations/completion';
import { ALL_FIELDS, GLOBAL_USER } from './endpoints';
import { memoryQuery } from './memory-writes';
import { memoryRankKey } from './ranking';
import { entityIndexOf } from './index-sync';
import { writeTransaction } from '../db/transaction';
import { endpointMetaStore, type EndpointMetaReads } from '../stores/completion/endpoint-meta-store';
import { generationObjects } from '../stores/completion/entity-index-store';
import { searchMemoryStore } from '../stores/completion/search-memory-store';
import { userPrefsStore } from '../stores/completion/user-prefs-store';
import { legacySearchStore } from '../stores/completion/legacy-search-store.child';

/** Active index generations lacking some of their tables and indexes (a damaged file). */
function incompleteActiveGenerations(meta: EndpointMetaReads, names: ReadonlySet<string>): { endpoint: ListEndpoint; gen: number; missing: string[] }[] {
  const out = [];
  for (const { endpoint, activeGen: gen } of meta.all()) {
    if (!isListEndpoint(endpoint)) continue;
    const missing = generationObjects(endpoint, gen).filter((n) => !names.has(n));
    if (missing.length) out.push({ endpoint, gen, missing });
  }
  return out;
}

export function startupCheck(db: Db): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  if (schemaVersion(db) !== COMPLETION_SCHEMA_VERSION) problems.push(`schema version ${schemaVersion(db)}`);
  const names = schemaObjectNames(db);
  for (const t of [...COMPLETION_TABLES, ...COMPLETION_INDEXES]) if (!names.has(t)) problems.push(`missing ${t}`);
  if (names.has('endpoint_meta')) {
    const meta = endpointMetaStore(db);
    for (const { missing } of incompleteActiveGenerations(meta, names)) for (const t of missing) problems.push(`missing ${t}`);
    const rows = meta.all();
    for (const e of LIST_ENDPOINTS) {
      const r = rows.find((x) => x.endpoint === e);
      if (!r) problems.push(`no meta for ${e}`);
      else if (!r.legacyMigrated) problems.push(`legacy_completion_migrated unset for ${e}`);
    }
  }
  return { ok: problems.length === 0, problems };
}

export interface LegacyResult {
  migrated: boolean;
  preferences: number;
  memory: number;
}

function toMs(v: string | number | null, fallback: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : fallback;
}

/** The upgrade: write lock, check again, copy, marker — one transaction. Throws on failure (retryable). */
export function upgradeAndMigrateLegacy(db: Db, lab: Db, now: number): LegacyResult {
  migrate(db, completionMigrations, 'completion.db');
  const meta = endpointMetaStore(db);
  const legacy = legacySearchStore(lab);
  return writeTransaction(db, () => {
    if (startupCheck(db).ok) return { migrated: false, preferences: 0, memory: 0 };
    let preferences = 0;
    let memory = 0;
    // The legacy copy happens once: a check failing for another reason must not import it again.
    const copied = meta.legacyCopied();
    if (!copied) {
      const prefs = userPrefsStore(db);
      for (const p of legacy.preferences()) {
        if (Number.isInteger(p.user_id) && p.user_id > 0 && prefs.insertIfAbsent(p.user_id, !!p.personalized, now)) preferences++;
      }
    }
    if (!copied) {
      const merged = new Map<string, { userId: number; endpoint: string; field: string; norm: string; query: string; f: number; last: number; a: number; r: number }>();
      for (const h of legacy.history()) {
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
      const mem = searchMemoryStore(db);
      for (const m of merged.values()) {
        const cur = mem.find(m.userId, m.endpoint, m.field, m.norm);
        if (cur) {
          const frequency = cur.frequency + m.f;
          const lastUsedAt = Math.max(cur.last_used_at, m.last);
          const acceptCount = cur.accept_count + m.a;
          const rejectCount = cur.reject_count + m.r;
          mem.update(cur.id, { frequency, lastUsedAt, acceptCount, rejectCount, rankKey: memoryRankKey(frequency, lastUsedAt, acceptCount, rejectCount) });
        } else {
          mem.insert({ userId: m.userId, endpoint: m.endpoint, field: m.field, norm: m.norm, query: m.query, frequency: m.f, lastUsedAt: m.last, acceptCount: m.a, rejectCount: m.r, rankKey: memoryRankKey(m.f, m.last, m.a, m.r) });
        }
        memory++;
      }
    }
    // An active generation without its tables (a damaged file): empty ones, stale, so it is rebuilt.
    const index = entityIndexOf(db);
    for (const { endpoint, gen } of incompleteActiveGenerations(meta, schemaObjectNames(db))) {
      index.dropGeneration(endpoint, gen);
      index.createGeneration(endpoint, gen);
      meta.markStale(endpoint);
    }
    meta.setLegacyMigrated();
    return { migrated: true, preferences, memory };
  });
}
