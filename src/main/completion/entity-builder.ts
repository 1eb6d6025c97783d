// The one per-entity field construction shared by single-entity sync and full rebuild (spec 000:
// "Full rebuild and incremental update share the same per-entity field construction").
import { LISTS, type ListEndpoint, type RecordEntityType } from '../../shared/records';
import { normalizeSearchTerm } from '../../shared/normalize';
import { operationalScore } from './status-score';
import type { RecordFact } from '../stores/completion/record-facts-store';

/** One entity's indexed fields as lab.db holds them. */
export type EntityFact = RecordFact;

export interface CandidateRow {
  entityType: RecordEntityType;
  entityId: number;
  field: string;
  text: string;
  norm: string;
  score: number;
}

/** Longest candidate text kept; longer values are cut (a search box suggestion, not a document). */
export const MAX_CANDIDATE_CHARS = 200;

// Field values repeat a lot (brands, locations, people): normalizing each distinct text once makes
// a rebuild of a million rows several times faster. Bounded, cleared when full.
const normCache = new Map<string, string>();
const NORM_CACHE_MAX = 200_000;
function normalizeCached(text: string): string {
  let n = normCache.get(text);
  if (n === undefined) {
    if (normCache.size >= NORM_CACHE_MAX) normCache.clear();
    n = normalizeSearchTerm(text);
    normCache.set(text, n);
  }
  return n;
}

export function buildEntityRows(endpoint: ListEndpoint, fact: EntityFact): CandidateRow[] {
  const rows: CandidateRow[] = [];
  const score = operationalScore(endpoint, fact.status);
  const seen = new Set<string>();
  for (const field of LISTS[endpoint].indexed) {
    const raw = fact[field];
    if (typeof raw !== 'string') continue;
    const trimmed = raw.trim();
    const text = trimmed.length <= MAX_CANDIDATE_CHARS ? trimmed : Array.from(trimmed).slice(0, MAX_CANDIDATE_CHARS).join('');
    const norm = normalizeCached(text);
    if (!norm || seen.has(`${field}\u0000${norm}`)) continue;
    seen.add(`${field}\u0000${norm}`);
    rows.push({ entityType: LISTS[endpoint].kind, entityId: fact.id, field, text, norm, score });
  }
  return rows;
}

/**
 * Order of SQLite's BINARY collation (UTF-8 bytes) for JS strings: UTF-16 code-unit order differs
 * only between surrogates (astral characters) and U+E000..U+FFFF. Used so the rebuild picks the same
 * display text for a term as the incremental sync's `ORDER BY operational_score DESC, text DESC`.
 */
export function compareBinary(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && x <= 0xdfff) x += 0x2000;
    else if (x >= 0xe000) x -= 0x800;
    if (y >= 0xd800 && y <= 0xdfff) y += 0x2000;
    else if (y >= 0xe000) y -= 0x800;
    return x - y;
  }
  return a.length - b.length;
}
