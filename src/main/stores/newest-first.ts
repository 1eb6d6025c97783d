// Id lists newest first (strictly descending), as the list search's trigram indexes hand them over
// (trigram-match.ts matchNewestFirst): membership, difference and the difference's size, each one
// walk of the sorted arrays. A common short word ("an": 28 000 rows as typed, 49 000 through
// pinyin at 100 000 items) makes these lists long; a Set of them, or an array of their difference
// built only to be counted, cost more than the index read itself.

/** Whether `id` is in `ids` (newest first): a binary search. */
export function hasNewestFirst(ids: readonly number[], id: number): boolean {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid]!;
    if (at === id) return true;
    if (at > id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Walks `a` against `b` (both newest first), calling `keep` with each id of `a` that is not in `b`. */
function eachExcept(a: readonly number[], b: readonly number[], keep: (id: number) => void): void {
  let j = 0;
  const n = b.length;
  for (let i = 0; i < a.length; i++) {
    const id = a[i]!;
    while (j < n && b[j]! > id) j++;
    if (j >= n || b[j] !== id) keep(id);
  }
}

/** The ids of `a` that are not in `b`, both newest first, in `a`'s order. */
export function newestExcept(a: readonly number[], b: readonly number[]): number[] {
  if (!a.length || !b.length) return [...a];
  const out: number[] = [];
  eachExcept(a, b, (id) => out.push(id));
  return out;
}

/** How many ids of `a` are not in `b` (newestExcept's length, without building it). */
export function countNewestExcept(a: readonly number[], b: readonly number[]): number {
  if (!a.length || !b.length) return a.length;
  let n = 0;
  eachExcept(a, b, () => n++);
  return n;
}
