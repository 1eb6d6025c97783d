// The amount rules lab.db v7 applied to existing items ("3 瓶" of "500 g" → 1500 g in containers
// of 500 g). Frozen (src/main/db/README.md): a copy of src/shared/amounts.ts as it was, reduced to
// what v7 calls; the app's rules may change, what v7 did to old rows may not.
import Big from 'big.js';

const MAX_DECIMALS = 6;
const MAX_AMOUNT = 1e9;

const MEASURE_UNITS: Record<string, string> = {
  µg: 'mass', mg: 'mass', g: 'mass', kg: 'mass',
  µL: 'volume', mL: 'volume', L: 'volume',
  µmol: 'substance', mmol: 'substance', mol: 'substance',
};

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

function canonicalUnit(unit: string): string {
  const t = unit.normalize('NFKC').trim();
  if (Object.hasOwn(MEASURE_UNITS, t)) return t;
  const lower = t.toLowerCase().replace('μ', 'µ');
  for (const u of Object.keys(MEASURE_UNITS)) if (u.toLowerCase() === lower) return u;
  if (Object.hasOwn(ALIASES, lower)) return ALIASES[lower]!;
  return Object.hasOwn(ALIASES, t) ? ALIASES[t]! : t;
}

/** A unit that is no measuring unit counts containers or pieces. */
export function isCountUnit(unit: string): boolean {
  return !Object.hasOwn(MEASURE_UNITS, canonicalUnit(unit));
}

function isAmount(text: string): boolean {
  const b = new Big(text);
  return b.gt(0) && b.lte(MAX_AMOUNT) && b.round(MAX_DECIMALS, Big.roundDown).cmp(b) === 0;
}

/** "500 g", "2.5 L", "25ML": one container's size, when the text is exactly a number and a measuring unit. */
function parseContainerSize(spec: string): { size: Big; unit: string } | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([^\d\s.]+)\s*$/u.exec(spec.normalize('NFKC'));
  if (!m) return null;
  const unit = canonicalUnit(m[2]!);
  if (!Object.hasOwn(MEASURE_UNITS, unit) || !isAmount(m[1]!)) return null;
  return { size: new Big(m[1]!), unit };
}

/** `count` whole containers of a specification that is one container's size, as an amount. */
export function containersOf(count: number, specification: string): { amount: number; unit: string; size: number } | null {
  const size = parseContainerSize(specification);
  if (!size || !Number.isInteger(count) || count <= 0) return null;
  return { amount: Number(size.size.times(count).toFixed()), unit: size.unit, size: Number(size.size.toFixed()) };
}
