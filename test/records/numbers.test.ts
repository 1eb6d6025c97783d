// The hand-written digit grouping writes what toLocaleString writes for the app's two languages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, groupFixed2 } from '../../src/renderer/i18n/numbers';

describe('number grouping without Intl', () => {
  it('integers: the same text as toLocaleString in en and zh-CN', () => {
    for (const n of [0, 7, 999, 1000, 20000, 100000, 1234567, -1234567, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en'));
      expect(groupDigits(n)).toBe(n.toLocaleString('zh-CN'));
    }
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => groupDigits(n) === n.toLocaleString('en') && groupDigits(n) === n.toLocaleString('zh-CN')));
  });

  it('money with two decimals: the same text as toLocaleString with two fraction digits', () => {
    const opts = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    for (const n of [0, 0.5, 12.345, 1234.5, 99999.999, -1234.5, -0.001]) expect(groupFixed2(n), String(n)).toBe(n.toLocaleString('en', opts).replace(/^-0\.00$/, '0.00'));
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const n = cents / 100;
        return groupFixed2(n) === n.toLocaleString('zh-CN', opts) && groupFixed2(n) === n.toLocaleString('en', opts);
      }),
    );
  });
});
