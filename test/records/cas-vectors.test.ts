// The published CAS validation cases of ../shared/data/cas-vectors.txt, through the order
// creation endpoint: valid numbers are stored canonical, bad check digits need the override,
// malformed ones are refused even with it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReagentOrder } from '../../src/shared/records';
import { createHarness } from './harness';
import { sharedDataFile } from '../support/shared-data';

const text = fs.readFileSync(sharedDataFile('cas-vectors.txt'), 'utf8');
const VALID = [...text.split('\n')[1]!.trim().split(/\s+/), '50-00-0', '548-00-5', '2622-26-6', '15299-99-7', '673434-32-7', '64-17-5', '7732-18-5'];
const BAD_CHECK = ['87-86-6', ...Array.from({ length: 9 }, (_, i) => `50-00-${i + 1}`), '64-17-6', '12239-89-1', '77332-18-5'];
const MALFORMED = ['32-96-57', '32965-7', '012770-26-2', '1-43-4', '12040295-03-0', '3-21-4', '3-21-40', '3-210-4', '03-1-4', '03-21-', 'a-21-4', 'd-cb-a', '4-17-5', '64-177-6', '64-17-55', '2099437000-00-0'];

describe('CAS vectors', () => {
  it('has the vectors it claims', () => {
    expect(text).toContain('87-86-6');
    expect(VALID.length).toBeGreaterThan(35);
  });

  it('stores valid numbers canonical, refuses bad check digits without override and malformed ones always', async () => {
    const h = createHarness();
    for (const cas of VALID) {
      const o = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { name: 'x', quantity: 1, cas_number: cas });
      expect(o.cas_number, cas).toBe(cas);
      const bare = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { name: 'x', quantity: 1, cas_number: cas.replace(/-/g, '') });
      expect(bare.cas_number, `bare ${cas}`).toBe(cas);
    }
    for (const cas of BAD_CHECK) {
      const r = await h.call(h.member, 'createReagentOrder', { name: 'x', quantity: 1, cas_number: cas });
      expect(r, cas).toMatchObject({ ok: false, error: { code: 'validation', details: { cas: { kind: 'bad_check_digit' } } } });
      expect(await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { name: 'x', quantity: 1, cas_number: cas, cas_override: true })).toMatchObject({ cas_number: cas });
    }
    for (const cas of MALFORMED) {
      const r = await h.call(h.member, 'createReagentOrder', { name: 'x', quantity: 1, cas_number: cas, cas_override: true });
      expect(r, cas).toMatchObject({ ok: false, error: { code: 'validation', fields: { cas_number: expect.objectContaining({ message: expect.stringContaining('not a CAS number') }) } } });
    }
  });
});
