// Amounts of stock: exact decimals with a unit. Arithmetic runs in decimal (big.js), never in
// binary floats, so 500 mL − 0.1 mL three times is exactly 499.7 mL. An amount has at most
// MAX_DECIMALS decimal places and at most 15 significant digits, so the REAL column that stores it
// (lab.db) gives back the same decimal: a double round-trips every decimal of ≤ 15 digits.
// Units convert within their dimension (mass, volume, amount of substance); a count unit (瓶, box,
// or any other word a lab uses for a container) converts only to itself.
import Big from 'big.js';

export const MAX_DECIMALS = 6;
export const MAX_AMOUNT = 1e9;

export type Dimension = 'mass' | 'volume' | 'substance' | 'count';

interface UnitDef {
  dimension: Exclude<Dimension, 'count'>;
  /** How many of the dimension's base unit (g, mL, mmol) one of this unit is, as a decimal string. */
  factor: string;
}

/** The measuring units, by their canonical spelling. */
export const MEASURE_UNITS: Record<string, UnitDef> = {
  µg: { dimension: 'mass', factor: '0.000001' },
  mg: { dimension: 'mass', factor: '0.001' },
  g: { dimension: 'mass', factor: '1' },
  kg: { dimension: 'mass', factor: '1000' },
  µL: { dimension: 'volume', factor: '0.001' },
  mL: { dimension: 'volume', factor: '1' },
  L: { dimension: 'volume', factor: '1000' },
  µmol: { dimension: 'substance', factor: '0.001' },
  mmol: { dimension: 'substance', factor: '1' },
  mol: { dimension: 'substance', factor: '1000' },
};

/** Other spellings people type → canonical unit (matched case-insensitively after NFKC). */
const ALIASES: Record<string, string> = {
  ug: 'µg', μg: 'µg', 微克: 'µg',
  毫克: 'mg',
  克: 'g',
  公斤: 'kg', 千克: 'kg',
  ul: 'µL', μl: 'µL', 微升: 'µL',
  ml: 'mL', 毫升: 'mL', cc: 'mL',
  l: 'L', 升: 'L',
  umol: 'µmol', μmol: 'µmol', 微摩尔: 'µmol',
  毫摩尔: 'mmol',
  摩尔: 'mol',
};

/** Count units offered in the forms (containers and pieces). Any other non-empty word is also a
 *  count unit: labs name their containers freely, and legacy records keep theirs. */
export const COUNT_UNITS = ['瓶', '支', '盒', '袋', '包', '桶', '罐', '管', '个', '套', '片', '卷', '张', 'bottle', 'vial', 'box', 'bag', 'pack', 'piece', 'kit'] as const;

/** The canonical spelling of a unit the user typed: a measuring unit by its alias, anything else trimmed. */
export function canonicalUnit(unit: string): string {
  const t = unit.normalize('NFKC').trim();
  if (Object.hasOwn(MEASURE_UNITS, t)) return t;
  const lower = t.toLowerCase().replace('μ', 'µ');
  for (const u of Object.keys(MEASURE_UNITS)) if (u.toLowerCase() === lower) return u;
  // own keys only: a unit typed as "constructor" or "toString" is a word, not Object's property
  if (Object.hasOwn(ALIASES, lower)) return ALIASES[lower]!;
  return Object.hasOwn(ALIASES, t) ? ALIASES[t]! : t;
}

export function unitDimension(unit: string): Dimension {
  const u = canonicalUnit(unit);
  return Object.hasOwn(MEASURE_UNITS, u) ? MEASURE_UNITS[u]!.dimension : 'count';
}

/** Why an amount text or number is not an amount, as a message key; null when it is one. */
export function amountProblem(v: unknown, opts: { allowZero?: boolean } = {}): string | null {
  let b: Big;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return 'field.number';
    b = new Big(v);
  } else if (typeof v === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(v)) {
    b = new Big(v.trim());
  } else return 'field.number';
  if (b.lt(0)) return 'field.notNegative';
  if (b.eq(0) && !opts.allowZero) return 'field.positive';
  if (b.gt(MAX_AMOUNT)) return 'field.tooLarge';
  if (b.round(MAX_DECIMALS, Big.roundDown).cmp(b) !== 0) return 'field.decimals';
  return null;
}

/** A checked amount as a decimal; throws on what `amountProblem` refuses (callers check first). */
export function toDecimal(v: number | string): Big {
  return new Big(typeof v === 'number' ? v : v.trim());
}

/** The decimal as the number stored and sent (exact for ≤ 15 significant digits). */
export function toNumber(b: Big): number {
  return Number(b.toFixed());
}

/**
 * `amount` of `from` expressed in `to`. Null when the two cannot convert: different dimensions,
 * or two count units that are not the same word.
 */
export function convert(amount: Big, from: string, to: string): Big | null {
  const f = canonicalUnit(from);
  const t = canonicalUnit(to);
  if (f === t) return amount;
  const fd = Object.hasOwn(MEASURE_UNITS, f) ? MEASURE_UNITS[f] : undefined;
  const td = Object.hasOwn(MEASURE_UNITS, t) ? MEASURE_UNITS[t] : undefined;
  if (!fd || !td || fd.dimension !== td.dimension) return null;
  return amount.times(fd.factor).div(td.factor);
}

/** Adds decimals given as numbers without float drift (sums over movements or items). */
export function sumExact(values: Iterable<number>): number {
  let s = new Big(0);
  for (const v of values) s = s.plus(v);
  return toNumber(s);
}

/** Plain decimal text, no exponent, no trailing zeros: 499.7, 0.000001, 1500. */
export function formatAmount(v: number | Big): string {
  const b = v instanceof Big ? v : new Big(v);
  return b.round(MAX_DECIMALS, Big.roundHalfUp).toFixed().replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/**
 * `count` whole containers of a specification that is one container's size ("3" of "500 g"): the
 * amount in the size's unit (1500 g) and the size. Null when the specification is not just a size
 * or the count is not a whole number above 0. The upgrade to v7, the bulk import and stock-in all
 * turn "N 瓶 of 500 g" into an amount this way.
 */
export function containersOf(count: number | string, specification: string): { amount: Big; unit: string; size: Big } | null {
  const size = parseContainerSize(specification);
  const n = typeof count === 'number' ? count : /^\s*\d+\s*$/.test(count) ? Number(count) : Number.NaN;
  if (!size || !Number.isInteger(n) || n <= 0) return null;
  return { amount: size.size.times(n), unit: size.unit, size: size.size };
}

/**
 * A specification such as "500 g", "500g", "2.5 L", "25ML": the size of one container, when the
 * text is exactly a number and a measuring unit. Null otherwise ("AR, 500 g", "≥99%").
 */
export function parseContainerSize(spec: string): { size: Big; unit: string } | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([^\d\s.]+)\s*$/u.exec(spec.normalize('NFKC'));
  if (!m) return null;
  const unit = canonicalUnit(m[2]!);
  if (!Object.hasOwn(MEASURE_UNITS, unit)) return null;
  const size = new Big(m[1]!);
  if (size.lte(0) || amountProblem(m[1]!) !== null) return null;
  return { size, unit };
}
