// The close review's decisions: what to do with each missing container, which counted ones keep
// their ledger amount, which found ones move here. Loaded with defaults the server allows (a
// container that cannot be adjusted can only be kept).
import { useEffect, useMemo, useState } from 'react';
import { call } from '../api/client';
import type { StocktakeReview } from '../../shared/stocktake';

export type MissingAction = 'zero' | 'keep';

/** `set` with `id` added (on) or removed, as a new set for React state. */
export function toggled(set: Set<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export function useCloseReview(stocktakeId: number) {
  const [review, setReview] = useState<StocktakeReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Record<number, MissingAction>>({});
  const [keep, setKeep] = useState<Set<number>>(new Set());
  const [move, setMove] = useState<Set<number>>(new Set());

  useEffect(() => {
    call('reviewStocktake', { id: stocktakeId }).then(
      (r) => {
        setReview(r);
        // Containers that cannot be adjusted (borrowed, gone) can only be kept.
        setMissing(Object.fromEntries(r.missing.filter((e) => !e.adjustable).map((e) => [e.item_id, 'keep' as const])));
        setKeep(new Set(r.counted.filter((e) => !e.adjustable).map((e) => e.item_id)));
      },
      (e: Error) => setError(e.message),
    );
  }, [stocktakeId]);

  const undecided = review ? review.missing.filter((e) => !missing[e.item_id]).length : 0;
  // A controlled chemical whose amount the close changes needs a second person.
  const needsSecond = useMemo(() => {
    if (!review) return false;
    const zeroed = review.missing.some((e) => e.controlled && missing[e.item_id] === 'zero' && (e.balance ?? 0) !== 0);
    return zeroed || review.counted.some((e) => e.controlled && e.adjustable && !keep.has(e.item_id));
  }, [review, missing, keep]);

  const setAll = (action: MissingAction) => setMissing(Object.fromEntries(review!.missing.map((e) => [e.item_id, e.adjustable ? action : 'keep'])));

  return { review, error, missing, setMissing, setAll, keep, setKeep, move, setMove, undecided, needsSecond };
}
