// The home screen's facts: alerts with counts (each links to a filtered list) and chart series.
// Rules and costs are written up in ./README.md. Every query reads an index of lab.db v7 or a
// small set of rows; the one full scan (items with a minimum stock) reads two columns.
import Big from 'big.js';
import type { RecordsDeps } from '../records/deps';
import type { UserInfo } from '../../shared/contract';
import type { AlertFilter, Alerts, BelowMinGroup, DashboardCharts, DateAlertCard, OrderAlert, SpendingSeries } from '../../shared/contract/dashboard';
import { convert, toNumber } from '../../shared/amounts';
import { mostUsedCharts } from './most-used';
import { addDays, GHS_PICTOGRAMS, localDay } from '../../shared/stock';
import { itemAlertCondition, type ChemicalKey, type InventoryReads, type ItemAlert, type ItemAmount, type MinimumRow } from '../stores/inventory-store';
import type { ListFilter } from '../stores/record-list-store';
import type { Async, LabReads } from '../stores/lab-data';
import { lastMonths, localMonth, startOfLocalDay } from './local-day';

/** How many batches/orders each alert card names. */
const FIRST = 5;
const CHART_MONTHS = 12;
const MOST_USED_DAYS = 90;
const MOST_USED_TOP = 10;
/** Reagent categories shown as their own series; the rest are summed as one. */
const TOP_CATEGORIES = 5;

/** A chemical with a minimum stock: the group its items sum up in (`name_key`: its name when it has no CAS number). */
type MinGroup = MinimumRow;
type Below = BelowMinGroup & { ids: number[]; group: MinGroup };
type MinimumReads = Pick<InventoryReads, 'withMinimum' | 'absentWithMinimum' | 'presentOfChemical' | 'presentWithoutCas'>;
type Reads = Pick<LabReads, 'inventory' | 'movements' | 'reagentOrders' | 'consumableOrders'>;

/** The SQL condition (on alias `t`) of an alert filter of the inventory list for the local day of `now`, read in the open unit `r`. */
export async function alertFilter(r: Pick<LabReads, 'inventory'>, alert: AlertFilter, expiringDays: number, now: Date = new Date()): Promise<ListFilter> {
  const a = dateAlert(alert, expiringDays, now);
  return itemAlertCondition(a ?? { alert: 'below_min', ids: await belowMinItemIds(r.inventory) });
}

/** A date alert for the local day of `now`; undefined for below the minimum (computed from the items, only when asked for). */
function dateAlert(alert: AlertFilter, expiringDays: number, now: Date): ItemAlert | undefined {
  const today = localDay(now);
  switch (alert) {
    case 'expired':
    case 'overdue':
      return { alert, today };
    case 'expiring':
      return { alert, today, until: addDays(today, expiringDays) };
    case 'below_min':
      return undefined;
  }
}

/** The chemicals below their minimum, read in the open unit (`inventory`: its store there). */
async function belowMin(inventory: Async<MinimumReads>): Promise<Below[]> {
  const groups = minGroups(await inventory.withMinimum());
  const { withCas, named } = splitGroups(groups);
  const ofChemical: ItemAmount[][] = [];
  for (const g of withCas) ofChemical.push(await inventory.presentOfChemical(g.cas_number, g.specification));
  const withoutCas = named.size ? await inventory.presentWithoutCas([...named.values()].map((g) => ({ name: g.name_key, specification: g.specification }))) : [];
  return belowOf(groups, groupItems(withCas, ofChemical, named, withoutCas));
}

/** The inventory list's `below_min` rows: the present items of those chemicals, and the records that set the minimum. */
async function belowMinItemIds(inventory: Async<MinimumReads>): Promise<number[]> {
  return belowIds(await belowMin(inventory), await inventory.absentWithMinimum());
}

/**
 * Chemicals with a minimum stock: the largest any of its items names, compared in units (1 kg
 * outweighs 500 g); a minimum in a unit that does not convert to the first one is passed over.
 */
function minGroups(rows: MinimumRow[]): MinGroup[] {
  const groups = new Map<string, MinGroup>();
  for (const r of rows) {
    const key = JSON.stringify([r.cas_number, r.name_key, r.specification]);
    const g = groups.get(key);
    if (!g) groups.set(key, r);
    else if (convert(new Big(r.min_stock), r.unit, g.unit)?.gt(g.min_stock)) groups.set(key, { ...g, min_stock: r.min_stock, unit: r.unit });
  }
  return [...groups.values()];
}

/**
 * How the present items of each chemical with a minimum are read: a chemical with a CAS number
 * through the (cas_number, specification) index, one lookup each; the ones named without a CAS
 * number in one pass over the items without a CAS number (there is no index on the name itself).
 */
function splitGroups(groups: MinGroup[]): { withCas: MinGroup[]; named: Map<string, MinGroup> } {
  const named = new Map<string, MinGroup>();
  for (const g of groups) if (!g.cas_number) named.set(`${g.name_key}\u001f${g.specification}`, g);
  return { withCas: groups.filter((g) => g.cas_number), named };
}

/** Each group's present items, from the lookups splitGroups asked for (`ofChemical[i]`: `withCas[i]`'s). */
function groupItems(withCas: MinGroup[], ofChemical: ItemAmount[][], named: Map<string, MinGroup>, withoutCas: Array<ItemAmount & { name: string; specification: string }>): Map<MinGroup, ItemAmount[]> {
  const out = new Map<MinGroup, ItemAmount[]>();
  withCas.forEach((g, i) => out.set(g, ofChemical[i]!));
  for (const g of named.values()) out.set(g, []);
  for (const r of withoutCas) out.get(named.get(`${r.name}\u001f${r.specification}`)!)!.push({ id: r.id, quantity: r.quantity, unit: r.unit });
  return out;
}

/**
 * Chemicals whose present items hold less than the minimum, summed exactly in the unit the
 * minimum is given in, with the ids of their items (present ones, and the records that set a
 * minimum). A minimum stays when the last item is used up (its record is consumed): that is
 * exactly when the lab needs to reorder.
 */
function belowOf(groups: MinGroup[], items: Map<MinGroup, ItemAmount[]>): Below[] {
  const out: Below[] = [];
  for (const g of groups) {
    let total = new Big(0);
    let unconvertible = 0;
    const present = items.get(g)!;
    for (const it of present) {
      const v = convert(new Big(it.quantity), it.unit, g.unit);
      if (v) total = total.plus(v);
      else unconvertible++;
    }
    if (!total.lt(g.min_stock)) continue;
    out.push({ name: g.name, cas_number: g.cas_number, specification: g.specification, total: toNumber(total.round(6)), min_stock: g.min_stock, unit: g.unit, unconvertible, ids: present.map((i) => i.id), group: g });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** What the card shows of each chemical below its minimum. */
function cardGroups(below: Below[]): BelowMinGroup[] {
  return below.map(({ ids: _ids, group: _group, ...g }) => g);
}

/** The below-minimum chemicals' present items, and the records (no longer present) that set their minimum. */
function belowIds(below: Below[], absent: Array<{ id: number } & ChemicalKey>): number[] {
  const setters = new Map<string, number[]>();
  for (const r of absent) {
    const k = JSON.stringify([r.cas_number, r.name_key, r.specification]);
    setters.set(k, [...(setters.get(k) ?? []), r.id]);
  }
  return below.flatMap((b) => [...b.ids, ...(setters.get(JSON.stringify([b.group.cas_number, b.group.name_key, b.group.specification])) ?? [])]);
}

/** Pending orders: all of them for admins, the user's own for everyone else. */
async function pendingIn(r: Reads, user: UserInfo): Promise<{ reagent: number; consumable: number }> {
  const applicant = user.role === 'admin' ? null : user.id;
  return { reagent: await r.reagentOrders.countByStatus('pending_approval', applicant), consumable: await r.consumableOrders.countByStatus('pending_approval', applicant) };
}

async function orderAlerts(r: Reads, user: UserInfo): Promise<Alerts['orders']> {
  const admin = user.role === 'admin';
  const pending = await pendingIn(r, user);
  const rejected = { reagent: 0, consumable: 0 };
  const statuses = admin ? (['pending_approval'] as const) : (['pending_approval', 'rejected'] as const);
  const applicant = admin ? null : user.id;
  if (!admin) {
    rejected.reagent = await r.reagentOrders.countByStatus('rejected', user.id);
    rejected.consumable = await r.consumableOrders.countByStatus('rejected', user.id);
  }
  const tagged = (kind: OrderAlert['kind'], rows: Array<Omit<OrderAlert, 'kind'>>): OrderAlert[] => rows.map((x) => ({ kind, ...x }));
  const items = [
    ...tagged('reagent', await r.reagentOrders.latestByStatus(statuses, applicant, FIRST)),
    ...tagged('consumable', await r.consumableOrders.latestByStatus(statuses, applicant, FIRST)),
  ]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, FIRST);
  return { scope: admin ? 'all' : 'own', pending, rejected, items };
}

export class DashboardService {
  constructor(readonly d: Pick<RecordsDeps, 'data'>) {}

  /**
   * The condition (on alias `t`) of an alert filter of the inventory list for the local day of
   * `now`, read in the list's own read unit `r`, so the list shows what the card counts.
   */
  alertFilter(r: Pick<LabReads, 'inventory'>, alert: AlertFilter, expiringDays: number, now: Date = new Date()): Promise<ListFilter> {
    return alertFilter(r, alert, expiringDays, now);
  }

  /** Every card in one read unit, so the counts are of one moment. */
  alerts(user: UserInfo, expiringDays: number, now: Date = new Date()): Promise<Alerts> {
    const today = localDay(now);
    return this.d.data.read(async (r) => {
      // The count is of items (what the card's list shows); the lines are batches, each once.
      const items = async (alert: 'expired' | 'expiring' | 'overdue'): Promise<DateAlertCard> => {
        const a = alert === 'expiring' ? { alert, today, until: addDays(today, expiringDays) } : { alert, today };
        const { total, first } = await r.inventory.alertBatches(a, FIRST);
        return { count: await r.inventory.alertCount(a), batches: total, items: first };
      };
      const expired = await items('expired');
      const expiring = await items('expiring');
      const below = cardGroups(await belowMin(r.inventory));
      const overdue = await items('overdue');
      return { today, expiringDays, expired, expiring, belowMin: { count: below.length, groups: below.slice(0, FIRST) }, overdue, orders: await orderAlerts(r, user) };
    });
  }

  /** The chemicals below their minimum (the card's groups, all of them). */
  belowMinGroups(): Promise<BelowMinGroup[]> {
    return this.d.data.read(async (r) => cardGroups(await belowMin(r.inventory)));
  }

  /** Pending orders: all of them for admins, the user's own for everyone else. */
  pendingCounts(user: UserInfo): Promise<{ reagent: number; consumable: number }> {
    return this.d.data.read((r) => pendingIn(r, user));
  }

  /** Every chart in one read unit. */
  charts(now: Date = new Date()): Promise<DashboardCharts> {
    const months = lastMonths(now, CHART_MONTHS);
    const usedSince = addDays(localDay(now), -MOST_USED_DAYS);
    return this.d.data.read(async (r) => {
      const { spending, unpriced } = await this.spending(r, months);
      const pictograms = await this.pictograms(r);
      return { months, spending, unpriced, pictograms, usedSince, mostUsed: mostUsedCharts(await r.movements.usesSince(startOfLocalDay(usedSince)), MOST_USED_TOP) };
    });
  }

  /**
   * quantity × unit_price of reagent orders stocked in and consumable orders completed, by the
   * local month of the order's last change (stock-in / completion: both are final, so nothing
   * changes the order after them).
   */
  private async spending(u: Reads, months: string[]): Promise<{ spending: SpendingSeries[]; unpriced: number }> {
    const since = startOfLocalDay(`${months[0]!}-01`);
    type Row = { kind: SpendingSeries['kind']; category: string; quantity: number; unit_price: number | null; updated_at: string };
    const rows: Row[] = [
      ...(await u.reagentOrders.stockedInSince(since)).map((r) => ({ kind: 'reagent' as const, ...r })),
      ...(await u.consumableOrders.completedSince(since)).map((r) => ({ kind: 'consumable' as const, category: '', ...r })),
    ];
    const index = new Map(months.map((m, i) => [m, i]));
    const sums = new Map<string, { kind: SpendingSeries['kind']; category: string; values: Big[]; total: Big }>();
    let unpriced = 0;
    for (const r of rows) {
      const i = index.get(localMonth(new Date(r.updated_at)));
      if (i === undefined) continue;
      if (r.unit_price === null) {
        unpriced++;
        continue;
      }
      const key = `${r.kind}\u0000${r.category}`;
      let s = sums.get(key);
      if (!s) sums.set(key, (s = { kind: r.kind, category: r.category, values: months.map(() => new Big(0)), total: new Big(0) }));
      const cost = new Big(r.quantity).times(r.unit_price);
      s.values[i] = s.values[i]!.plus(cost);
      s.total = s.total.plus(cost);
    }
    const reagents = [...sums.values()].filter((s) => s.kind === 'reagent').sort((a, b) => b.total.cmp(a.total) || a.category.localeCompare(b.category));
    const series = reagents.slice(0, TOP_CATEGORIES);
    if (reagents.length > TOP_CATEGORIES) {
      const rest = { kind: 'reagent' as const, category: '*', values: months.map(() => new Big(0)), total: new Big(0) };
      for (const s of reagents.slice(TOP_CATEGORIES)) rest.values = rest.values.map((v, i) => v.plus(s.values[i]!));
      series.push(rest);
    }
    const consumables = sums.get(`consumable\u0000`);
    if (consumables) series.push(consumables);
    // Money has two decimals; the products of stored decimals are rounded to the fen.
    return { spending: series.map((s) => ({ kind: s.kind, category: s.category, values: s.values.map((v) => toNumber(v.round(2))) })), unpriced };
  }

  /** Present items per GHS pictogram (an item with several counts under each). */
  private async pictograms(u: Reads): Promise<DashboardCharts['pictograms']> {
    const counts = new Map<string, number>(GHS_PICTOGRAMS.map((g) => [g, 0]));
    for (const r of await u.inventory.presentGhsCounts()) for (const g of r.ghs.split(',')) if (counts.has(g)) counts.set(g, counts.get(g)! + r.n);
    return GHS_PICTOGRAMS.map((code) => ({ code, count: counts.get(code)! })).filter((p) => p.count > 0);
  }
}
