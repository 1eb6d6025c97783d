// Status-to-score table (spec 000 leaves the values open; docs/design.md#records decides the order): live
// statuses rank above finished ones, consumed and rejected rank lowest. The values are also the
// only score levels the entity index holds, which lets the read path walk them best-first.
import type { ListEndpoint } from '../../shared/records';

export const STATUS_SCORE: Record<ListEndpoint, Record<string, number>> = {
  '/inventory/': { in_stock: 1.0, borrowed: 0.8, disposed: 0.3, consumed: 0.2 },
  '/reagent-orders/': { pending_approval: 1.0, approved: 0.9, arrived: 0.9, stocked_in: 0.6, rejected: 0.2 },
  '/consumable-orders/': { pending_approval: 1.0, approved: 0.9, completed: 0.6, rejected: 0.2 },
};

/** Score of a status no table knows (never stored by the current schema's CHECKs). */
export const UNKNOWN_STATUS_SCORE = 0.5;

export function operationalScore(endpoint: ListEndpoint, status: string): number {
  return STATUS_SCORE[endpoint][status] ?? UNKNOWN_STATUS_SCORE;
}

/** Scores are stored per mille in the term table so equality lookups are exact. */
export function scoreMilli(score: number): number {
  return Math.round(score * 1000);
}

/** Every score level (per mille, best first) a term of any endpoint can carry. */
export const SCORE_LEVELS_MILLI: readonly number[] = [
  ...new Set([...Object.values(STATUS_SCORE).flatMap((t) => Object.values(t)), UNKNOWN_STATUS_SCORE].map(scoreMilli)),
].sort((a, b) => b - a);
