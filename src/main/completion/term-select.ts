// Choosing the best entity terms for a prefix, shared by the read path, the incremental upkeep of
// precomputed prefixes and the rebuild, so all three agree: per field the FIELD_CAP terms that
// extend the prefix, by score (best first), then normalized text (SQLite BINARY order).
import { compareBinary } from './entity-builder';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { scoreMilli, STATUS_SCORE, UNKNOWN_STATUS_SCORE } from './status-score';
import { FIELD_CAP, type TermPick } from '../stores/completion/entity-index-store';
export { FIELD_CAP, LARGE_PREFIX_TERMS, type TermPick } from '../stores/completion/entity-index-store';

/** Longest precomputed prefix (in characters of the normalized text). */
export const MAX_PRECOMPUTED_PREFIX = 8;
/** Upper bound of a prefix range: sorts after every UTF-8 string starting with the prefix. */
export const MAX_CHAR = '\u{10FFFF}';

const LEVELS = new Map<ListEndpoint, readonly number[]>();

/** Score levels (per mille, best first) the terms of one endpoint can carry; the index store seeks them one by one. */
export function levelsOf(endpoint: ListEndpoint): readonly number[] {
  let levels = LEVELS.get(endpoint);
  if (!levels) LEVELS.set(endpoint, (levels = [...new Set([...Object.values(STATUS_SCORE[endpoint]), UNKNOWN_STATUS_SCORE].map(scoreMilli))].sort((a, b) => b - a)));
  return levels;
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
