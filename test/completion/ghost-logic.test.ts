// Client rules: when a request goes out, local shrinking while typing along, the cache.
import { describe, expect, it } from 'vitest';
import { CACHE_TTL_MS, CompletionCache, shouldRequest, shrinkGhost } from '../../src/renderer/completion/ghost-logic';

describe('shouldRequest', () => {
  it('only field all, non-empty, no half-width space', () => {
    expect(shouldRequest('eth', 'all')).toBe(true);
    expect(shouldRequest('eth', 'name')).toBe(false);
    expect(shouldRequest('', 'all')).toBe(false);
    expect(shouldRequest('-', 'all')).toBe(false);
    expect(shouldRequest('ethyl ace', 'all')).toBe(false);
    expect(shouldRequest('无水　乙', 'all')).toBe(true); // a full-width space is not a word break here
  });
});

describe('shrinkGhost (typing along the suggestion, no request)', () => {
  const g = { typed: '64-1', completion: '64-17-5', suffix: '7-5' };
  it('consumes typed characters, separators and case differences', () => {
    expect(shrinkGhost(g, '64-17')).toEqual({ typed: '64-17', completion: '64-17-5', suffix: '-5' });
    expect(shrinkGhost(g, '64-17-')).toEqual({ typed: '64-17-', completion: '64-17-5', suffix: '5' });
    expect(shrinkGhost({ ...g, typed: '64-17', suffix: '-5' }, '64-175')).toBeNull(); // used up
    expect(shrinkGhost({ typed: 'eth', completion: 'Ethanol', suffix: 'anol' }, 'ethAN')).toEqual({ typed: 'ethAN', completion: 'Ethanol', suffix: 'ol' });
    expect(shrinkGhost({ typed: '641', completion: '64-17-5', suffix: '7-5' }, '64175')).toBeNull();
    expect(shrinkGhost({ typed: '641', completion: '64-17-5', suffix: '7-5' }, '6417')).toEqual({ typed: '6417', completion: '64-17-5', suffix: '-5' });
    expect(shrinkGhost({ typed: '乙', completion: '乙醇', suffix: '醇' }, '乙醇')).toBeNull();
  });
  it('diverging, deleting or replacing text needs a new request', () => {
    expect(shrinkGhost(g, '64-18')).toBeNull();
    expect(shrinkGhost(g, '64-')).toBeNull();
    expect(shrinkGhost(g, '64-1')).toBeNull();
    expect(shrinkGhost(g, '54-17')).toBeNull();
  });
});

describe('CompletionCache', () => {
  it('60 s validity, empties never cached, keyed by user + endpoint + field + query, cleared', () => {
    const clock = { now: 0 };
    const c = new CompletionCache(() => clock.now);
    const k = CompletionCache.key(1, '/inventory/', 'all', 'eth');
    c.set(k, { completion: 'Ethanol', suffix: 'anol' });
    c.set(CompletionCache.key(1, '/inventory/', 'all', 'zzz'), { completion: '', suffix: '' });
    expect(c.size).toBe(1);
    expect(c.get(CompletionCache.key(2, '/inventory/', 'all', 'eth'))).toBeNull();
    clock.now = CACHE_TTL_MS - 1;
    expect(c.get(k)).toMatchObject({ completion: 'Ethanol' });
    clock.now = CACHE_TTL_MS;
    expect(c.get(k)).toBeNull();
    c.set(k, { completion: 'Ethanol', suffix: 'anol' });
    c.set(CompletionCache.key(1, '/reagent-orders/', 'all', 'eth'), { completion: 'Ethanol', suffix: 'anol' });
    c.dropScope(1, '/inventory/');
    expect(c.size).toBe(1);
    c.clear();
    expect(c.size).toBe(0);
  });
});
