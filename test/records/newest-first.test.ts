// Id lists newest first (stores/newest-first.ts), which the list search's long hit lists are merged
// with: membership, difference and its size agree with a Set over random lists, edges included.
import { describe, expect, it } from 'vitest';
import { countNewestExcept, hasNewestFirst, newestExcept } from '../../src/main/stores/newest-first';
import { rng } from '../support/rng';

/** A strictly descending list of ids from 1..max, each kept with probability `p`. */
function newestFirst(r: () => number, max: number, p: number): number[] {
  const out: number[] = [];
  for (let id = max; id >= 1; id--) if (r() < p) out.push(id);
  return out;
}

describe('id lists newest first', () => {
  it('membership, difference and its count equal a Set\'s answer', () => {
    const r = rng(3);
    for (let round = 0; round < 200; round++) {
      const max = 1 + Math.floor(r() * 300);
      const a = newestFirst(r, max, r());
      const b = newestFirst(r, max + Math.floor(r() * 20), r());
      const inB = new Set(b);
      const want = a.filter((id) => !inB.has(id));
      expect(newestExcept(a, b)).toEqual(want);
      expect(countNewestExcept(a, b)).toBe(want.length);
      for (let id = 0; id <= max + 21; id++) expect(hasNewestFirst(b, id)).toBe(inB.has(id));
    }
  });

  it('empty lists, one list inside the other, no overlap', () => {
    expect(newestExcept([], [3, 2])).toEqual([]);
    expect(newestExcept([3, 2], [])).toEqual([3, 2]);
    expect(countNewestExcept([5, 4, 3], [5, 4, 3])).toBe(0);
    expect(newestExcept([9, 7, 5], [8, 6, 4])).toEqual([9, 7, 5]);
    expect(countNewestExcept([2, 1], [9, 8])).toBe(2);
    expect(hasNewestFirst([], 1)).toBe(false);
    expect(hasNewestFirst([7], 7)).toBe(true);
  });
});
