// A user's column choice over the defaults: the user's order and ticks for the columns they saw,
// and a column a later version adds where its default puts it, shown or hidden as its default says.
import { describe, expect, it } from 'vitest';
import { arrange, hiddenKeys } from '../../src/renderer/records/column-prefs';

const DEFAULTS = { hidden: ['brand', 'notes'], locked: ['name'] };

describe('column choice', () => {
  it('without a saved choice: the default order, the default hidden columns', () => {
    expect(arrange(['name', 'cas', 'brand', 'status'], null)).toEqual(['name', 'cas', 'brand', 'status']);
    expect([...hiddenKeys(['name', 'cas', 'brand', 'status'], DEFAULTS, null)]).toEqual(['brand']);
  });

  it('keeps the user\'s order and ticks; a locked column is never hidden', () => {
    const saved = { order: ['status', 'name', 'brand', 'cas'], hidden: ['cas', 'name'] };
    expect(arrange(['name', 'cas', 'brand', 'status'], saved)).toEqual(['status', 'name', 'brand', 'cas']);
    expect([...hiddenKeys(['name', 'cas', 'brand', 'status'], DEFAULTS, saved)]).toEqual(['cas']);
  });

  it('a column added since comes after the column it follows by default, with its default visibility', () => {
    const saved = { order: ['status', 'name', 'cas'], hidden: [] };
    expect(arrange(['name', 'notes', 'cas', 'location', 'status'], saved)).toEqual(['status', 'name', 'notes', 'cas', 'location']);
    expect([...hiddenKeys(['name', 'notes', 'cas', 'location', 'status'], DEFAULTS, saved)]).toEqual(['notes']);
    // a column removed since is forgotten
    expect(arrange(['name', 'status'], saved)).toEqual(['status', 'name']);
  });
});
