// Ranking of spec 000 ("Ranking rules"), as pure functions over candidates the reader fetched.
// 1. prefix match after normalize_search_term + case-fold (done by the reader's key ranges);
// 2. memory raw score = log1p(frequency) * exp(-0.05 * days) * (accept+1)/(accept+reject+2);
// 3. per source, normalize by the maximum to 0..1, then weight (table below);
// 4. the entity index uses operational_score;
// 5. merge own → global → index, de-duplicate by normalized completion keeping the first,
//    pick the highest weighted score; 6. below 0.15 or no non-empty suffix → empty.
import { completionSuffix } from './suffix';

export type Source = 'user_memory' | 'global_memory' | 'entity_index';

export const MEMORY_DECAY_PER_DAY = 0.05;
export const MIN_FINAL_SCORE = 0.15;
export const DAY_MS = 86_400_000;

export const WEIGHTS: Record<'on' | 'off', Record<Source, number>> = {
  on: { user_memory: 0.45, global_memory: 0.2, entity_index: 0.25 },
  off: { user_memory: 0, global_memory: 0.45, entity_index: 0.4 },
};

export interface MemoryCandidate {
  norm: string;
  text: string;
  frequency: number;
  lastUsedAt: number;
  acceptCount: number;
  rejectCount: number;
}

export interface IndexCandidate {
  norm: string;
  text: string;
  score: number;
}

export interface Suggestion {
  completion: string;
  suffix: string;
  confidence: number;
  source: Source | null;
  personalized: boolean;
}

export function emptySuggestion(personalized: boolean): Suggestion {
  return { completion: '', suffix: '', confidence: 0, source: null, personalized };
}

export function acceptWeight(accept: number, reject: number): number {
  return (accept + 1) / (accept + reject + 2);
}

/** Days since last use, never negative (a clock set back does not boost a record). */
export function ageDays(lastUsedAt: number, now: number): number {
  return Math.max(0, (now - lastUsedAt) / DAY_MS);
}

export function memoryRawScore(m: Omit<MemoryCandidate, 'norm' | 'text'>, now: number): number {
  return Math.log1p(m.frequency) * Math.exp(-MEMORY_DECAY_PER_DAY * ageDays(m.lastUsedAt, now)) * acceptWeight(m.acceptCount, m.rejectCount);
}

/**
 * Time-independent sort key stored with each memory record: ln of the raw score at day 0. For any
 * `now`, raw score = exp(rank_key - 0.05 * now_days), so ordering by it is ordering by score.
 */
export function memoryRankKey(frequency: number, lastUsedAt: number, accept: number, reject: number): number {
  const base = Math.log1p(Math.max(0, frequency)) * acceptWeight(accept, reject);
  return Math.log(Math.max(base, 1e-300)) + MEMORY_DECAY_PER_DAY * (lastUsedAt / DAY_MS);
}

export interface RankInput {
  typed: string;
  personalized: boolean;
  own: MemoryCandidate[];
  global: MemoryCandidate[];
  index: IndexCandidate[];
  now: number;
}

interface Scored {
  norm: string;
  text: string;
  weighted: number;
  source: Source;
}

function normalizeSource(items: { norm: string; text: string; raw: number }[], weight: number, source: Source): Scored[] {
  const max = items.reduce((m, x) => Math.max(m, x.raw), 0);
  if (!(max > 0) || weight === 0) return [];
  return items.map((x) => ({ norm: x.norm, text: x.text, weighted: (x.raw / max) * weight, source }));
}

export function rank(input: RankInput): Suggestion {
  const w = WEIGHTS[input.personalized ? 'on' : 'off'];
  const mem = (list: MemoryCandidate[]) => list.map((m) => ({ norm: m.norm, text: m.text, raw: memoryRawScore(m, input.now) }));
  const merged = [
    ...(input.personalized ? normalizeSource(mem(input.own), w.user_memory, 'user_memory') : []),
    ...normalizeSource(mem(input.global), w.global_memory, 'global_memory'),
    ...normalizeSource(input.index.map((c) => ({ norm: c.norm, text: c.text, raw: c.score })), w.entity_index, 'entity_index'),
  ];
  const seen = new Set<string>();
  let best: { item: Scored; suffix: string } | null = null;
  for (const item of merged) {
    if (seen.has(item.norm)) continue;
    seen.add(item.norm);
    if (best && item.weighted <= best.item.weighted) continue;
    const suffix = completionSuffix(input.typed, item.text);
    if (!suffix) continue;
    best = { item, suffix };
  }
  if (!best || best.item.weighted < MIN_FINAL_SCORE) return emptySuggestion(input.personalized);
  return {
    completion: best.item.text,
    suffix: best.suffix,
    confidence: Math.round(best.item.weighted * 1e6) / 1e6,
    source: best.item.source,
    personalized: input.personalized,
  };
}
