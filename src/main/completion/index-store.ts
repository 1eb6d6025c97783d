// Writes to the entity completion index and the per-endpoint meta: single-entity sync, stale
// marking, and the generation swap of a rebuild. Shared by the main process (in-request, 100 ms
// lock wait) and the maintenance worker (3 s), so both maintain candidates the same way.
import type { ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { buildEntityRows, compareBinary, type CandidateRow, type EntityFact } from './entity-builder';
import { entityByIdSql } from './endpoints';
import { tablesOf, type GenerationTables } from './index-tables';
import { scoreMilli } from './status-score';
import { precomputablePrefixes, prefixTopWriter } from './term-select';

export interface EndpointMeta {
  endpoint: ListEndpoint;
  stale: boolean;
  changeVersion: number;
  activeGen: number;
  legacyMigrated: boolean;
}

export function readMeta(db: Db, endpoint: ListEndpoint): EndpointMeta {
  const r = db.prepare('SELECT stale, change_version, active_gen, legacy_completion_migrated FROM endpoint_meta WHERE endpoint = ?').get(endpoint) as
    | { stale: number; change_version: number; active_gen: number; legacy_completion_migrated: number }
    | undefined;
  if (!r) throw new Error(`completion.db has no meta row for ${endpoint}`);
  return { endpoint, stale: r.stale === 1, changeVersion: r.change_version, activeGen: r.active_gen, legacyMigrated: r.legacy_completion_migrated === 1 };
}

/** Table names of an endpoint's active index generation. */
export function activeTables(db: Db, endpoint: ListEndpoint): GenerationTables {
  return tablesOf(endpoint, readMeta(db, endpoint).activeGen);
}

/** Reads the facts of one entity from lab.db; null when it no longer exists (deleted). */
export function readEntity(lab: Db, endpoint: ListEndpoint, id: number): EntityFact | null {
  return (lab.prepare(entityByIdSql(endpoint)).get(id) as EntityFact | undefined) ?? null;
}

/** Inserts candidate rows of generation `gen` (no term upkeep: callers refresh or bulk-write terms). */
export function insertRows(db: Db, endpoint: ListEndpoint, gen: number, rows: CandidateRow[]): void {
  const ins = db.prepare(`INSERT INTO ${tablesOf(endpoint, gen).rows}(entity_id, field, text, norm, score) VALUES (?,?,?,?,?)`);
  for (const r of rows) ins.run(r.entityId, r.field, r.text, r.norm, r.score);
}

/** Rows behind a term: score per mille → spelling → count. */
export type TermRefs = Record<string, Record<string, number>>;

/** Best score and its spelling (ties: the greatest text in SQLite BINARY order); null when no rows. */
export function bestOfRefs(refs: TermRefs): { score: number; text: string } | null {
  const levels = Object.keys(refs).map(Number).sort((a, b) => b - a);
  for (const level of levels) {
    const texts = Object.keys(refs[level] ?? {});
    if (!texts.length) continue;
    return { score: level, text: texts.reduce((m, t) => (compareBinary(t, m) > 0 ? t : m)) };
  }
  return null;
}

export function addRef(refs: TermRefs, score: number, text: string, delta: number): void {
  const level = String(scoreMilli(score));
  const byText = (refs[level] ??= {});
  // Own keys only, and "__proto__" defined rather than assigned: a record named "constructor" or
  // "__proto__" is a spelling like any other, not the object's prototype.
  const n = (Object.hasOwn(byText, text) ? byText[text]! : 0) + delta;
  // Additions (a rebuild makes a million) need none of the emptiness checks below.
  if (delta > 0) {
    setCount(byText, text, n);
    return;
  }
  if (n > 0) setCount(byText, text, n);
  else delete byText[text];
  if (!Object.keys(byText).length) delete refs[level];
}

function setCount(byText: Record<string, number>, text: string, n: number): void {
  if (text === '__proto__') Object.defineProperty(byText, text, { value: n, writable: true, enumerable: true, configurable: true });
  else byText[text] = n;
}

/** Applies row additions/removals to one term and rewrites (or deletes) it. */
function updateTerm(db: Db, terms: string, field: string, norm: string, changes: { score: number; text: string; delta: number }[]): void {
  const row = db.prepare(`SELECT refs FROM ${terms} WHERE field = ? AND norm = ?`).get(field, norm) as { refs: string } | undefined;
  const refs = (row ? JSON.parse(row.refs) : {}) as TermRefs;
  for (const c of changes) addRef(refs, c.score, c.text, c.delta);
  const best = bestOfRefs(refs);
  if (!best) {
    db.prepare(`DELETE FROM ${terms} WHERE field = ? AND norm = ?`).run(field, norm);
    return;
  }
  db.prepare(
    `INSERT INTO ${terms}(field, norm, text, score, refs) VALUES (?,?,?,?,?)
     ON CONFLICT(field, norm) DO UPDATE SET text = excluded.text, score = excluded.score, refs = excluded.refs`,
  ).run(field, norm, best.text, best.score, JSON.stringify(refs));
}

/**
 * Replaces (or, for a deleted entity, removes) the candidates of the given entities in the active
 * generation and advances the endpoint's change version, in the caller's transaction.
 */
export function syncEntitiesInTx(db: Db, lab: Db, endpoint: ListEndpoint, ids: readonly number[]): void {
  const gen = readMeta(db, endpoint).activeGen;
  const t = tablesOf(endpoint, gen);
  const old = db.prepare(`SELECT field, norm, text, score FROM ${t.rows} WHERE entity_id = ?`);
  const del = db.prepare(`DELETE FROM ${t.rows} WHERE entity_id = ?`);
  const touched = new Map<string, { field: string; norm: string; changes: { score: number; text: string; delta: number }[] }>();
  const touch = (r: { field: string; norm: string; text: string; score: number }, delta: number) => {
    const k = `${r.field}\u0000${r.norm}`;
    let x = touched.get(k);
    if (!x) touched.set(k, (x = { field: r.field, norm: r.norm, changes: [] }));
    x.changes.push({ score: r.score, text: r.text, delta });
  };
  for (const id of ids) {
    for (const r of old.all(id) as { field: string; norm: string; text: string; score: number }[]) touch(r, -1);
    del.run(id);
    const fact = readEntity(lab, endpoint, id);
    if (!fact) continue;
    const rows = buildEntityRows(endpoint, fact);
    insertRows(db, endpoint, gen, rows);
    for (const r of rows) touch(r, +1);
  }
  for (const x of touched.values()) updateTerm(db, t.terms, x.field, x.norm, x.changes);
  // Precomputed prefixes the touched terms fall under are recomputed in the same transaction.
  const isPrecomputed = db.prepare(`SELECT 1 FROM ${t.top} WHERE prefix = ? LIMIT 1`);
  const prefixes = new Set<string>();
  for (const x of touched.values()) for (const p of precomputablePrefixes(x.norm)) prefixes.add(p);
  let tops: ReturnType<typeof prefixTopWriter> | undefined; // prepared only when a prefix needs it
  for (const p of prefixes) if (isPrecomputed.get(p)) (tops ??= prefixTopWriter(db, endpoint, gen)).recompute(p);
  db.prepare('UPDATE endpoint_meta SET change_version = change_version + 1 WHERE endpoint = ?').run(endpoint);
}

/** Marks an endpoint stale and advances its change version (bulk paths, process start). */
export function markStaleInTx(db: Db, endpoint: ListEndpoint): void {
  db.prepare('UPDATE endpoint_meta SET stale = 1, change_version = change_version + 1 WHERE endpoint = ?').run(endpoint);
}
