// The home screen's "most used" chart, one dimension at a time: mass, volume, amount of substance and
// counts of containers never share an axis (62.5 mL beside 3.2 g would compare nothing). Each
// chemical's `used` movements are summed exactly (big.js) in its dimension's base unit, the top ten
// of each dimension are kept, and each measured dimension is shown in one unit people read: the
// largest in which the top amount is at least 1 and every amount is still exact (2.5 kg beside
// 300 g reads 2.5 / 0.3 kg; 0.0000005 kg would lose digits, so that chart stays in g).
import Big from 'big.js';
import type { MostUsedChart } from '../../shared/contract/dashboard';
import { canonicalUnit, convert, MAX_DECIMALS, toNumber, unitDimension, type Dimension } from '../../shared/amounts';

type Measured = Exclude<Dimension, 'count'>;

/** A dimension's base unit, and the units a chart may be shown in, largest first. */
const UNITS: Record<Measured, { base: string; shown: readonly string[] }> = {
  mass: { base: 'g', shown: ['kg', 'g', 'mg', 'µg'] },
  volume: { base: 'mL', shown: ['L', 'mL', 'µL'] },
  substance: { base: 'mmol', shown: ['mol', 'mmol', 'µmol'] },
};
const ORDER: readonly Dimension[] = ['mass', 'volume', 'substance', 'count'];

interface Sum {
  name: string;
  cas_number: string;
  /** The base unit, or the count's own word. */
  unit: string;
  total: Big;
}

/** The unit a measured chart is shown in (totals in the base unit, largest first). */
function shownUnit(d: Measured, totals: Big[]): string {
  const { base, shown } = UNITS[d];
  for (const u of shown) {
    const values = totals.map((t) => convert(t, base, u)!);
    if (values[0]!.gte(1) && values.every((v) => v.round(MAX_DECIMALS).eq(v))) return u;
  }
  return shown[shown.length - 1]!;
}

/**
 * One chart per dimension that has uses (in ORDER), each with its top `top` chemicals (CAS, or the
 * name without one; a count also by its word, 瓶 and 盒 do not add up), largest first.
 */
export function mostUsedCharts(uses: ReadonlyArray<{ amount: number; unit: string; name: string; cas_number: string }>, top: number): MostUsedChart[] {
  const byDimension = new Map<Dimension, Map<string, Sum>>();
  for (const u of uses) {
    const d = unitDimension(u.unit);
    const unit = d === 'count' ? canonicalUnit(u.unit) : UNITS[d].base;
    const amount = d === 'count' ? new Big(u.amount) : convert(new Big(u.amount), u.unit, unit)!;
    const key = `${u.cas_number || `name:${u.name}`}\u0000${unit}`;
    let sums = byDimension.get(d);
    if (!sums) byDimension.set(d, (sums = new Map()));
    const s = sums.get(key);
    if (s) s.total = s.total.plus(amount);
    else sums.set(key, { name: u.name, cas_number: u.cas_number, unit, total: amount });
  }
  return ORDER.filter((d) => byDimension.has(d)).map((d) => {
    const sums = [...byDimension.get(d)!.values()].sort((a, b) => b.total.cmp(a.total) || a.name.localeCompare(b.name)).slice(0, top);
    if (d === 'count') return { dimension: d, unit: '', entries: sums.map((s) => ({ name: s.name, cas_number: s.cas_number, amount: toNumber(s.total.round(MAX_DECIMALS)), unit: s.unit })) };
    const unit = shownUnit(d, sums.map((s) => s.total));
    return { dimension: d, unit, entries: sums.map((s) => ({ name: s.name, cas_number: s.cas_number, amount: toNumber(convert(s.total, UNITS[d].base, unit)!.round(MAX_DECIMALS)), unit })) };
  });
}
