// Ranking rules of spec 000 with hand-computed expected scores (pure ranking over candidates).
import { describe, expect, it } from 'vitest';
import { DAY_MS, memoryRankKey, memoryRawScore, rank, type MemoryCandidate } from '../../src/main/completion/ranking';
import { normalizeSearchTerm } from '../../src/shared/normalize';

const NOW = Date.UTC(2026, 10, 1);
const mem = (text: string, frequency: number, daysAgo = 0, acceptCount = 0, rejectCount = 0): MemoryCandidate => ({
  norm: normalizeSearchTerm(text),
  text,
  frequency,
  lastUsedAt: NOW - daysAgo * DAY_MS,
  acceptCount,
  rejectCount,
});
const idx = (text: string, score: number) => ({ norm: normalizeSearchTerm(text), text, score });
const base = { typed: 'eth', now: NOW, own: [], global: [], index: [] };

describe('memory raw score = log1p(f) * exp(-0.05 d) * (a+1)/(a+r+2)', () => {
  it('matches hand-computed values', () => {
    // ln(2) * 1 * 1/2
    expect(memoryRawScore(mem('x', 1), NOW)).toBeCloseTo(0.346574, 6);
    // ln(11) * exp(-1.5) * 1/2 = 2.397895 * 0.223130 * 0.5
    expect(memoryRawScore(mem('x', 10, 30), NOW)).toBeCloseTo(0.267521, 6);
    // ln(3) * (3+1)/(3+0+2) = 1.098612 * 0.8
    expect(memoryRawScore(mem('x', 2, 0, 3, 0), NOW)).toBeCloseTo(0.878890, 6);
    // ln(6) * 1/6
    expect(memoryRawScore(mem('x', 5, 0, 0, 4), NOW)).toBeCloseTo(0.298627, 6);
  });

  it('the stored rank key orders records exactly like the decayed score, at any time', () => {
    const a = mem('a', 1, 0);
    const b = mem('b', 10, 30);
    const key = (m: MemoryCandidate) => memoryRankKey(m.frequency, m.lastUsedAt, m.acceptCount, m.rejectCount);
    for (const later of [0, 5, 100]) {
      const t = NOW + later * DAY_MS;
      expect(Math.sign(key(a) - key(b))).toBe(Math.sign(memoryRawScore(a, t) - memoryRawScore(b, t)));
      expect(Math.exp(key(a) - 0.05 * (t / DAY_MS))).toBeCloseTo(memoryRawScore(a, t), 9);
    }
  });
});

describe('weights, normalization and merge', () => {
  it('personalization on: own memory wins with 0.45 over global (0.20) and index (0.25)', () => {
    const r = rank({ ...base, personalized: true, own: [mem('ethanol', 3)], global: [mem('ether', 10)], index: [idx('Ethyl acetate', 1)] });
    expect(r).toEqual({ completion: 'ethanol', suffix: 'anol', confidence: 0.45, source: 'user_memory', personalized: true });
  });

  it('personalization on without own memory: index top 0.25 beats global top 0.20', () => {
    const r = rank({ ...base, personalized: true, global: [mem('ether', 10)], index: [idx('Ethyl acetate', 0.2)] });
    expect(r).toMatchObject({ completion: 'Ethyl acetate', confidence: 0.25, source: 'entity_index' });
  });

  it('personalization off: own memory is ignored; global 0.45 beats index 0.40', () => {
    const r = rank({ ...base, personalized: false, own: [mem('ethanol', 50)], global: [mem('ether', 1)], index: [idx('Ethyl acetate', 1)] });
    expect(r).toEqual({ completion: 'ether', suffix: 'er', confidence: 0.45, source: 'global_memory', personalized: false });
    const r2 = rank({ ...base, personalized: false, own: [mem('ethanol', 50)], index: [idx('Ethyl acetate', 1)] });
    expect(r2).toMatchObject({ completion: 'Ethyl acetate', confidence: 0.4, source: 'entity_index' });
  });

  it('decay over days changes the winner (off: weight 0.45 for global memory)', () => {
    // today: A = 0.346574 (max), B (30 days) = 0.267521 → B normalized 0.771900 → 0.347355
    const today = rank({ ...base, personalized: false, global: [mem('ethane', 1, 0), mem('ethylene', 10, 30)] });
    expect(today).toMatchObject({ completion: 'ethane', confidence: 0.45 });
    // 10 days: B = ln(11) * exp(-0.5) / 2 = 0.727203 > A → B wins
    const tenDays = rank({ ...base, personalized: false, global: [mem('ethane', 1, 0), mem('ethylene', 10, 10)] });
    expect(tenDays).toMatchObject({ completion: 'ethylene', confidence: 0.45 });
  });

  it('accept/reject weighting: 3 accepts beat a more frequent but rejected record', () => {
    // A = 0.878890 (max), B = 0.298627
    const r = rank({ ...base, personalized: false, global: [mem('ethylene', 5, 0, 0, 4), mem('ethanol', 2, 0, 3, 0)] });
    expect(r).toMatchObject({ completion: 'ethanol', confidence: 0.45 });
  });

  it('dedup across sources keeps the first occurrence (global 0.20, not index 0.25)', () => {
    const r = rank({ ...base, personalized: true, global: [mem('Ethanol', 1)], index: [idx('ethanol', 1), idx('Ether', 0.6)] });
    expect(r).toMatchObject({ completion: 'Ethanol', confidence: 0.2, source: 'global_memory' });
  });

  it('0.15 floor: a candidate at 0.25 * 0.6 = 0.15 is kept, one at 0.25 * 0.2 = 0.05 is not', () => {
    // typed "ethanol": the top item has no suffix; the next index item is weighed against the max.
    const kept = rank({ ...base, typed: 'ethanol', personalized: true, index: [idx('Ethanol', 1), idx('Ethanolamine', 0.6)] });
    expect(kept).toMatchObject({ completion: 'Ethanolamine', suffix: 'amine', confidence: 0.15 });
    const dropped = rank({ ...base, typed: 'ethanol', personalized: true, index: [idx('Ethanol', 1), idx('Ethanolamine', 0.2)] });
    expect(dropped).toEqual({ completion: '', suffix: '', confidence: 0, source: null, personalized: true });
  });

  it('nothing matching gives the empty suggestion', () => {
    expect(rank({ ...base, personalized: false })).toEqual({ completion: '', suffix: '', confidence: 0, source: null, personalized: false });
  });
});
