// The shared amount rules every stock path uses: units people type, conversion within a dimension
// only, decimals without float drift, and container sizes read from a specification.
import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { amountProblem, canonicalUnit, containersOf, convert, formatAmount, parseContainerSize, sumExact, toDecimal, toNumber, unitDimension } from '../../src/shared/amounts';

describe('units', () => {
  it('reads the spellings people type (case, full width, micro sign or Greek mu, Chinese)', () => {
    for (const [typed, unit] of [['ml', 'mL'], ['ML', 'mL'], ['毫升', 'mL'], ['ｍＬ', 'mL'], ['uL', 'µL'], ['μl', 'µL'], ['µL', 'µL'], ['KG', 'kg'], ['公斤', 'kg'], ['l', 'L'], ['mmol', 'mmol'], [' 瓶 ', '瓶']] as const) {
      expect(canonicalUnit(typed), typed).toBe(unit);
    }
    expect(unitDimension('mg')).toBe('mass');
    expect(unitDimension('μL')).toBe('volume');
    expect(unitDimension('瓶')).toBe('count');
  });

  it('converts within a dimension exactly and refuses across dimensions or between two container words', () => {
    expect(convert(new Big('1500'), 'mg', 'g')!.toFixed()).toBe('1.5');
    expect(convert(new Big('0.25'), 'L', 'mL')!.toFixed()).toBe('250');
    expect(convert(new Big('3'), 'µL', 'mL')!.toFixed()).toBe('0.003');
    expect(convert(new Big('1'), 'g', 'mL')).toBeNull();
    expect(convert(new Big('1'), '瓶', 'box')).toBeNull();
    expect(convert(new Big('2'), '瓶', '瓶')!.toFixed()).toBe('2');
  });
});

describe('amounts', () => {
  it('three uses of 0.1 mL from 500 mL leave exactly 499.7 mL, stored and read back as that number', () => {
    let left = toDecimal(500);
    for (let i = 0; i < 3; i++) left = left.minus(toDecimal(0.1));
    expect(toNumber(left)).toBe(499.7);
    expect(500 - 0.1 - 0.1 - 0.1).not.toBe(499.7); // what a float would have stored
    expect(sumExact([0.1, 0.2])).toBe(0.3);
    expect(formatAmount(toNumber(left))).toBe('499.7');
    expect(formatAmount(0.000001)).toBe('0.000001');
  });

  it('refuses zero, negative, NaN, text that is not a number, too large and too many decimals, by key', () => {
    expect(amountProblem(0)).toBe('field.positive');
    expect(amountProblem(0, { allowZero: true })).toBeNull();
    expect(amountProblem(-1)).toBe('field.notNegative');
    expect(amountProblem(Number.NaN)).toBe('field.number');
    expect(amountProblem('abc')).toBe('field.number');
    expect(amountProblem(2e9)).toBe('field.tooLarge');
    expect(amountProblem(0.0000001)).toBe('field.decimals');
    expect(amountProblem('12.5')).toBeNull();
  });

  it('reads a container size only from a specification that is a size and nothing else', () => {
    expect(parseContainerSize('500 g')).toMatchObject({ unit: 'g' });
    expect(parseContainerSize('2.5L')!.size.toFixed()).toBe('2.5');
    expect(parseContainerSize('25ML')).toMatchObject({ unit: 'mL' });
    expect(parseContainerSize('AR, 500 g')).toBeNull();
    expect(parseContainerSize('≥99%')).toBeNull();
    expect(parseContainerSize('500 瓶')).toBeNull();
  });

  it('N whole containers of a size: the amount in the unit of the size, only for a whole count above 0', () => {
    const c = containersOf('3', '500 g')!;
    expect([c.amount.toFixed(), c.unit, c.size.toFixed()]).toEqual(['1500', 'g', '500']);
    expect(containersOf(2, '2.5L')!.amount.toFixed()).toBe('5');
    expect(containersOf(2.5, '500 g')).toBeNull();
    expect(containersOf('0', '500 g')).toBeNull();
    expect(containersOf('3', 'AR, 500 g')).toBeNull();
  });
});
