// Choosing the best entity terms for a prefix, shared by the read path, the incremental upkeep of
// precomputed prefixes and the rebuild, so all three agree: per field the FIELD_CAP terms that
// extend the prefix, by score (best first), then normalized text (SQLite BINARY order).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open';
import { compareBinary } from './entity-builder';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { tablesOf } from './index-tables';
import { scoreMilli, STATUS_SCORE, UNKNOWN_STATUS_SCORE } from './status-score';

/** Candidates fetched per indexed field (spec: "a separate cap on the candidate count for each"). */
export const FIELD_CAP = 4;
/**
 * Prefixes with more terms than this get their best terms precomputed: every term a range read
 * returns has to cross into JavaScript, so a short read keeps the read path's tail low, at the cost
 * of more precomputed rows (docs/completion.md "Tuning constants").
 */
export const LARGE_PREFIX_TERMS = 16;
/** Longest precomputed prefix (in characters of the normalized text). */
export const MAX_PRECOMPUTED_PREFIX = 8;
/** Upper bound of a prefix range: sorts after every UTF-8 string starting with the prefix. */
export const MAX_CHAR = '\u{10FFFF}';

export interface TermPick {
  field: string;
  score: number;
  norm: string;
  text: string;
}

/** Score levels (per mille, best first) the terms of one endpoint can carry. */
export function levelsOf(endpoint: ListEndpoint): number[] {
  return [...new Set([...Object.values(STATUS_SCORE[endpoint]), UNKNOWN_STATUS_SCORE].map(scoreMilli))].sort((a, b) => b - a);
}

export function betterTerm(a: { score: number; norm: string }, b: { score: number; norm: string }): number {
  return b.score - a.score || compareBinary(a.norm, b.norm);
}

/** Keeps the best FIELD_CAP per field, fields in the endpoint's order. */
export function topPerField(endpoint: ListEndpoint, rows: TermPick[]): TermPick[] {
  const out: TermPick[] = [];
  for (const field of LISTS[endpoint].indexed) out.push(...rows.filter((r) => r.field === field).sort(betterTerm).slice(0, FIELD_CAP));
  return out;
}

/** Code-point prefixes of a normalized term that may be precomputed (shorter than the term). */
export function precomputablePrefixes(norm: string): string[] {
  const cps = Array.from(norm);
  const out: string[] = [];
  for (let n = 1; n < cps.length && n <= MAX_PRECOMPUTED_PREFIX; n++) out.push(cps.slice(0, n).join(''));
  return out;
}

/** One statement per endpoint and generation: an index seek per field and score level, each capped. */
export function levelSeekStatement(db: Db, endpoint: ListEndpoint, gen: number): Statement {
  const { terms } = tablesOf(endpoint, gen);
  const branches = LISTS[endpoint].indexed.flatMap((field) =>
    levelsOf(endpoint).map(
      (level) =>
        `SELECT * FROM (SELECT field, score, norm, text FROM ${terms} INDEXED BY ${terms}_rank
         WHERE field = '${field}' AND score = ${level} AND norm > @q AND norm < @hi ORDER BY norm LIMIT ${FIELD_CAP})`,
    ),
  );
  return db.prepare(branches.join(' UNION ALL '));
}

/**
 * Writes the precomputed best terms of one generation's prefixes. The statements are prepared once
 * for a whole rebuild or sync (the level statement is a few dozen index seeks in one).
 */
export function prefixTopWriter(db: Db, endpoint: ListEndpoint, gen: number) {
  const { top } = tablesOf(endpoint, gen);
  const ins = db.prepare(`INSERT INTO ${top}(prefix, field, rank, score, norm, text) VALUES (?,?,?,?,?,?)`);
  const del = db.prepare(`DELETE FROM ${top} WHERE prefix = ?`);
  const levels = levelSeekStatement(db, endpoint, gen);
  const insert = (prefix: string, rows: TermPick[]) => {
    const rankOf = new Map<string, number>();
    for (const r of rows) {
      const rank = rankOf.get(r.field) ?? 0;
      rankOf.set(r.field, rank + 1);
      ins.run(prefix, r.field, rank, r.score, r.norm, r.text);
    }
  };
  return {
    insert,
    /** Recomputes the stored best terms of one precomputed prefix (incremental upkeep). */
    recompute(prefix: string): void {
      const rows = topPerField(endpoint, levels.all({ q: prefix, hi: prefix + MAX_CHAR }) as TermPick[]);
      del.run(prefix);
      insert(prefix, rows);
    },
  };
}
