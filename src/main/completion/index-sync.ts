// Upkeep of the entity completion index between rebuilds: single-entity sync and stale marking
// (spec 000 state table), and the term bookkeeping the rebuild shares. Shared by the main process
// (in-request, 100 ms lock wait) and the maintenance worker (3 s), so both maintain candidates the
// same way. The tables are the stores' (stores/completion/): this file decides what goes in them.
import type { ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { buildEntityRows, compareBinary } from './entity-builder';
import { scoreMilli } from './status-score';
import { levelsOf, MAX_CHAR, precomputablePrefixes, topPerField } from './term-select';
import { endpointMetaStore } from '../stores/completion/endpoint-meta-store';
import { entityIndexStore, tablesOf, type EntityIndexWrites, type GenerationTables, type TermRefs } from '../stores/completion/entity-index-store';
import { recordFactsStore } from '../stores/completion/record-facts-store';
export type { TermRefs } from '../stores/completion/entity-index-store';

/** The entity index store of a completion.db connection, with the room's score levels. */
export function entityIndexOf(db: Db): EntityIndexWrites {
  return entityIndexStore(db, levelsOf);
}

/** Table names of an endpoint's active index generation (the benchmark and tests read them). */
export function activeTables(db: Db, endpoint: ListEndpoint): GenerationTables {
  return tablesOf(endpoint, endpointMetaStore(db).activeGen(endpoint));
}

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

type Change = { score: number; text: string; delta: number };

/**
 * Replaces (or, for a deleted entity, removes) the candidates of the given entities in the active
 * generation and advances the endpoint's change version, in the caller's transaction.
 */
export function syncEntitiesInTx(db: Db, lab: Db, endpoint: ListEndpoint, ids: readonly number[]): void {
  const meta = endpointMetaStore(db);
  const index = entityIndexOf(db);
  const facts = recordFactsStore(lab);
  const gen = meta.activeGen(endpoint);
  const touched = new Map<string, { field: string; norm: string; changes: Change[] }>();
  const touch = (r: { field: string; norm: string; text: string; score: number }, delta: number) => {
    const k = `${r.field}\u0000${r.norm}`;
    let x = touched.get(k);
    if (!x) touched.set(k, (x = { field: r.field, norm: r.norm, changes: [] }));
    x.changes.push({ score: r.score, text: r.text, delta });
  };
  for (const id of ids) {
    for (const r of index.entityRows(endpoint, gen, id)) touch(r, -1);
    index.deleteEntityRows(endpoint, gen, id);
    const fact = facts.fact(endpoint, id);
    if (!fact) continue;
    const rows = buildEntityRows(endpoint, fact);
    index.insertRows(endpoint, gen, rows);
    for (const r of rows) touch(r, +1);
  }
  // Each touched term: its row additions and removals applied, then rewritten (or deleted).
  for (const { field, norm, changes } of touched.values()) {
    const refs = index.termRefs(endpoint, gen, field, norm) ?? {};
    for (const c of changes) addRef(refs, c.score, c.text, c.delta);
    const best = bestOfRefs(refs);
    if (best) index.putTerm(endpoint, gen, { field, norm, text: best.text, score: best.score, refs });
    else index.deleteTerm(endpoint, gen, field, norm);
  }
  // Precomputed prefixes the touched terms fall under are recomputed in the same transaction.
  const prefixes = new Set<string>();
  for (const x of touched.values()) for (const p of precomputablePrefixes(x.norm)) prefixes.add(p);
  for (const p of prefixes) {
    if (index.isPrecomputed(endpoint, gen, p)) index.replaceTop(endpoint, gen, p, topPerField(endpoint, index.bestTermsByLevel(endpoint, gen, p, p + MAX_CHAR)));
  }
  meta.advanceVersion(endpoint);
}

/** Marks an endpoint stale and advances its change version (bulk paths, process start). */
export function markStaleInTx(db: Db, endpoint: ListEndpoint): void {
  endpointMetaStore(db).markStale(endpoint);
}
