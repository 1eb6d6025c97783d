// The QR payload a label carries and a scanner types: LAB1:<id> round trip and what is not one.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { labelPayload, parseLabelPayload } from '../../src/shared/label-payload';
import { labelLines, type LabelContent } from '../../src/shared/labels';

describe('label payload', () => {
  it('round-trips every item id (up to 15 digits: far beyond any lab)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 999_999_999_999_999 }), (id) => parseLabelPayload(labelPayload(id)) === id));
  });

  it.each([
    ['LAB1:42', 42],
    ['  LAB1:42\n', 42], // a scanner's trailing newline, pasted spaces
    ['lab1:7', 7], // caps lock / a scanner in the wrong keyboard case
    ['LAB1:000123', 123],
  ])('reads %j as %d', (text, id) => expect(parseLabelPayload(text)).toBe(id));

  it.each(['', '42', 'LAB1:', 'LAB1:0', 'LAB1:-3', 'LAB1:4.5', 'LAB1:12a', 'LAB2:12', 'LAB1: 12', 'xLAB1:12', 'LAB1:99999999999999999', 'LAB1:1 LAB1:2'])(
    'refuses %j',
    (text) => expect(parseLabelPayload(text)).toBeNull(),
  );
});

describe('label lines', () => {
  const base: LabelContent = { id: 3, payload: 'LAB1:3', name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', specification: '500 mL', lot_number: 'L1', expiry_date: '2027-01-31', location: 'A › 1', ghs: [], controlled: ['易制毒', '剧毒'] };

  it('puts the name first and the controlled categories right after it, in the label language', () => {
    expect(labelLines(base, 'zh-CN').map((l) => l.text)).toEqual(['乙醇', '管制: 易制毒、剧毒', 'Ethanol', 'CAS 64-17-5  500 mL', '批号 L1  有效期 2027-01-31', '位置 A › 1']);
    expect(labelLines({ ...base, controlled: ['Drug precursor'] }, 'en').map((l) => l.text)).toEqual(['乙醇', 'Controlled: Drug precursor', 'Ethanol', 'CAS 64-17-5  500 mL', 'Lot L1  Exp. 2027-01-31', 'Loc. A › 1']);
  });

  it('leaves out what the item does not have', () => {
    const bare = { ...base, english_name: '', cas_number: '', specification: '', lot_number: '', expiry_date: '', location: '', controlled: [] };
    expect(labelLines(bare, 'en')).toEqual([{ kind: 'name', text: '乙醇' }]);
    expect(labelLines({ ...bare, english_name: '乙醇', expiry_date: '2027-01-31' }, 'en').map((l) => l.text)).toEqual(['乙醇', 'Exp. 2027-01-31']);
  });
});
