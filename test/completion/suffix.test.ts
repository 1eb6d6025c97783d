// normalize_search_term and the suffix mapping when typed text and candidate differ in spaces,
// hyphens, width or case (docs/design.md#completion).
import { describe, expect, it } from 'vitest';
import { completionSuffix } from '../../src/main/completion/suffix';
import { normalizeSearchTerm } from '../../src/shared/normalize';

describe('normalize_search_term', () => {
  it('folds width, removes spaces and dashes, case-folds', () => {
    expect(normalizeSearchTerm('６４－１７－５')).toBe('64175');
    expect(normalizeSearchTerm(' 64-17-5 ')).toBe('64175');
    expect(normalizeSearchTerm('Sigma‐Aldrich')).toBe('sigmaaldrich');
    expect(normalizeSearchTerm('ＥＴＨＡＮＯＬ')).toBe('ethanol');
    expect(normalizeSearchTerm('无水 乙醇')).toBe('无水乙醇');
  });

  it('folds case fully: ß and ẞ to ss, ligatures, Greek final sigma and iota subscript', () => {
    expect(normalizeSearchTerm('Weiß Labortechnik')).toBe('weisslabortechnik');
    expect(normalizeSearchTerm('WEISS')).toBe(normalizeSearchTerm('weiß'));
    expect(normalizeSearchTerm('GROẞ')).toBe('gross');
    expect(normalizeSearchTerm('Puriﬁed')).toBe('purified');
    expect(normalizeSearchTerm('ΟΔΟΣ')).toBe(normalizeSearchTerm('οδοσ'));
    expect(normalizeSearchTerm('ᾳ')).toBe(normalizeSearchTerm('ΑΙ'));
  });

  it('the normalization of a prefix is a prefix of the normalization (the suffix mapping needs it)', () => {
    for (const text of ['ΟΔΟΣ ΑΒ', 'Weiß Labortechnik', 'Straße-12', '氯化钠 AR', 'İstanbul Kimya']) {
      const whole = normalizeSearchTerm(text);
      const chars = Array.from(text);
      for (let i = 1; i <= chars.length; i++) expect(whole.startsWith(normalizeSearchTerm(chars.slice(0, i).join(''))), text.slice(0, i)).toBe(true);
    }
  });
});

describe('completionSuffix', () => {
  const cases: [typed: string, candidate: string, suffix: string][] = [
    ['64-1', '64-17-5', '7-5'],
    ['641', '64-17-5', '7-5'],
    ['６４１', '64-17-5', '7-5'],
    ['64-', '64-17-5', '17-5'],
    ['64 1', '64-17-5', '7-5'],
    ['eth', 'Ethanol', 'anol'],
    ['ETH', 'ethanol', 'anol'],
    ['ｅｔｈ', 'Ethanol', 'anol'],
    ['sigmaal', 'Sigma-Aldrich', 'drich'],
    ['sigma-', 'Sigma-Aldrich', 'Aldrich'],
    ['乙', '乙醇', '醇'],
    ['无水', '无水 乙醇', ' 乙醇'],
    ['无水 ', '无水 乙醇', '乙醇'],
    ['氯化', '氯化钠（分析纯）', '钠（分析纯）'],
    ['weiss', 'Weiß Labortechnik', ' Labortechnik'],
    ['WEISS L', 'Weiß Labortechnik', 'abortechnik'],
  ];
  it.each(cases)('%s + %s → %s', (typed, candidate, suffix) => {
    expect(completionSuffix(typed, candidate)).toBe(suffix);
    // Whatever was typed plus the ghost text normalizes to the candidate.
    expect(normalizeSearchTerm(typed + completionSuffix(typed, candidate))).toBe(normalizeSearchTerm(candidate));
  });

  it('no non-empty suffix: exact match, non-prefix, empty typed text', () => {
    expect(completionSuffix('ethanol', 'Ethanol')).toBe('');
    expect(completionSuffix('64-17-5', '64175')).toBe('');
    expect(completionSuffix('meth', 'Ethanol')).toBe('');
    expect(completionSuffix('', 'Ethanol')).toBe('');
    expect(completionSuffix('  -', 'Ethanol')).toBe('');
    // The typed text ends inside what one character folds to (ß → ss): no cut, no ghost.
    expect(completionSuffix('weis', 'Weiß Labortechnik')).toBe('');
  });
});
