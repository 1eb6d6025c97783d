// The home screen's facts: alerts with counts (each links to a filtered list) and chart series.
// Rules and costs are written up in ./README.md. Every query reads an index of lab.db v7 or a
// small set of rows; the one full scan (items with a minimum stock) reads two columns.
import Big from 'big.js';
import type { RecordsDeps } from '../records/deps';
import type { UserInfo } from '../../shared/contract';
import type { AlertFilter, AlertItem, Alerts, BelowMinGroup, DashboardCharts, OrderAlert, SpendingSeries } from '../../shared/contract/dashboard';
import { convert, toNumber } from '../../shared/amounts';
import { addDays, GHS_PICTOGRAMS, localDay } from '../../shared/stock';
import { prepareCached } from '../db/statements';
import { lastMonths, localMonth, startOfLocalDay } from './local-day';

/** Items that are still in the lab: only these expire, run short or are overdue. */
const PRESENT = `status IN ('in_stock','borrowed')`;
/** How many items/orders each alert card names. */
const FIRST = 5;
const CHART_MONTHS = 12;
const MOST_USED_DAYS = 90;
const MOST_USED_TOP = 10;
/** Reagent categories shown as their own series; the rest are summed as one. */
const TOP_CATEGORIES = 5;

const ITEM_COLUMNS = `t.id, t.name, t.cas_number, t.specification, t.quantity, t.unit, t.storage_location, t.expiry_date, t.borrow_due, u.display_name AS borrowed_by_name`;

/** A chemical with a minimum stock: the group its items sum up in. */
interface MinGroup {
  cas_number: string;
  /** The name, when the chemical has no CAS number (it is then identified by name). */
  name_key: string;
  specification: string;
  name: string;
  min_stock: number;
  unit: string;
}

export class DashboardService {
  constructor(readonly d: RecordsDeps) {}

  /** The SQL condition (on alias `t`) of an alert filter of the inventory list, for the local day of `now`. */
  alertCondition(alert: AlertFilter, expiringDays: number, now: Date = new Date()): { sql: string; params: unknown[] } {
    const today = localDay(now);
    switch (alert) {
      case 'expired':
        return { sql: `t.expiry_date < ? AND t.${PRESENT}`, params: [today] };
      case 'expiring':
        return { sql: `t.expiry_date >= ? AND t.expiry_date <= ? AND t.${PRESENT}`, params: [today, addDays(today, expiringDays)] };
      case 'overdue':
        return { sql: `t.borrow_due IS NOT NULL AND t.borrow_due < ? AND t.${PRESENT}`, params: [today] };
      case 'below_min':
        return { sql: `t.id IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(this.belowMinItemIds())] };
    }
  }

  alerts(user: UserInfo, expiringDays: number, now: Date = new Date()): Alerts {
    const today = localDay(now);
    const items = (alert: AlertFilter, order: string) => {
      const c = this.alertCondition(alert, expiringDays, now);
      const count = (prepareCached(this.d.db, `SELECT count(*) FROM inventory_items t WHERE ${c.sql}`).pluck().get(...c.params) as number) ?? 0;
      const first = prepareCached(this.d.db, `SELECT ${ITEM_COLUMNS} FROM inventory_items t LEFT JOIN users u ON u.id = t.borrowed_by WHERE ${c.sql} ORDER BY ${order}, t.id LIMIT ${FIRST}`).all(...c.params) as AlertItem[];
      return { count, items: first };
    };
    const below = this.belowMinGroups();
    return {
      today,
      expiringDays,
      expired: items('expired', 't.expiry_date'),
      expiring: items('expiring', 't.expiry_date'),
      belowMin: { count: below.length, groups: below.slice(0, FIRST) },
      overdue: items('overdue', 't.borrow_due'),
      orders: this.orderAlerts(user),
    };
  }

  /** Pending orders: all of them for admins, the user's own for everyone else. */
  pendingCounts(user: UserInfo): { reagent: number; consumable: number } {
    const own = user.role === 'admin' ? '' : ' AND applicant_id = ?';
    const args = user.role === 'admin' ? [] : [user.id];
    const count = (table: string) => prepareCached(this.d.db, `SELECT count(*) FROM ${table} WHERE status = 'pending_approval'${own}`).pluck().get(...args) as number;
    return { reagent: count('reagent_orders'), consumable: count('consumable_orders') };
  }

  private orderAlerts(user: UserInfo): Alerts['orders'] {
    const admin = user.role === 'admin';
    const pending = this.pendingCounts(user);
    const rejected = { reagent: 0, consumable: 0 };
    const statuses = admin ? `('pending_approval')` : `('pending_approval','rejected')`;
    const own = admin ? '' : ' AND o.applicant_id = ?';
    const args = admin ? [] : [user.id];
    if (!admin) {
      for (const [kind, table] of [['reagent', 'reagent_orders'], ['consumable', 'consumable_orders']] as const) {
        rejected[kind] = prepareCached(this.d.db, `SELECT count(*) FROM ${table} WHERE status = 'rejected' AND applicant_id = ?`).pluck().get(user.id) as number;
      }
    }
    const first = (kind: OrderAlert['kind'], table: string) =>
      (prepareCached(this.d.db, `SELECT o.id, o.name, o.status, u.display_name AS applicant, o.reject_reason, o.updated_at FROM ${table} o JOIN users u ON u.id = o.applicant_id WHERE o.status IN ${statuses}${own} ORDER BY o.updated_at DESC, o.id DESC LIMIT ${FIRST}`).all(...args) as Omit<OrderAlert, 'kind'>[]).map((r) => ({ kind, ...r }));
    const items = [...first('reagent', 'reagent_orders'), ...first('consumable', 'consumable_orders')].sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, FIRST);
    return { scope: admin ? 'all' : 'own', pending, rejected, items };
  }

  /**
   * Chemicals with a minimum stock: the largest any of its items names, compared in units (1 kg
   * outweighs 500 g); a minimum in a unit that does not convert to the first one is passed over.
   */
  private minGroups(): MinGroup[] {
    const rows = prepareCached(
      this.d.db,
      `SELECT cas_number, CASE WHEN cas_number = '' THEN name ELSE '' END AS name_key, specification, name, min_stock, unit
       FROM inventory_items WHERE min_stock IS NOT NULL ORDER BY id`,
    ).all() as MinGroup[];
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
   * The present items of each chemical with a minimum: a chemical with a CAS number through the
   * (cas_number, specification) index, one lookup each; the ones named without a CAS number in
   * one pass over the items without a CAS number (there is no index on the name itself).
   */
  private groupItems(groups: MinGroup[]): Map<MinGroup, Array<{ id: number; quantity: number; unit: string }>> {
    const out = new Map<MinGroup, Array<{ id: number; quantity: number; unit: string }>>();
    const byCas = prepareCached(this.d.db, `SELECT id, quantity, unit FROM inventory_items WHERE cas_number = ? AND specification = ? AND ${PRESENT}`);
    const named = new Map<string, MinGroup>();
    for (const g of groups) {
      if (g.cas_number) out.set(g, byCas.all(g.cas_number, g.specification) as never);
      else {
        named.set(`${g.name_key}\u001f${g.specification}`, g);
        out.set(g, []);
      }
    }
    if (named.size) {
      const rows = prepareCached(
        this.d.db,
        `SELECT id, quantity, unit, name || char(31) || specification AS k FROM inventory_items
         WHERE cas_number = '' AND ${PRESENT} AND name || char(31) || specification IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify([...named.keys()])) as Array<{ id: number; quantity: number; unit: string; k: string }>;
      for (const r of rows) out.get(named.get(r.k)!)!.push({ id: r.id, quantity: r.quantity, unit: r.unit });
    }
    return out;
  }

  /**
   * Chemicals whose present items hold less than the minimum, summed exactly in the unit the
   * minimum is given in, with the ids of their items (present ones, and the records that set a
   * minimum). A minimum stays when the last item is used up (its record is consumed): that is
   * exactly when the lab needs to reorder.
   */
  private belowMin(): Array<BelowMinGroup & { ids: number[]; group: MinGroup }> {
    const groups = this.minGroups();
    const items = this.groupItems(groups);
    const out: Array<BelowMinGroup & { ids: number[]; group: MinGroup }> = [];
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

  belowMinGroups(): BelowMinGroup[] {
    return this.belowMin().map(({ ids: _ids, group: _group, ...g }) => g);
  }

  /** The inventory list's `below_min` rows: the present items of those chemicals, and the records that set the minimum. */
  belowMinItemIds(): number[] {
    const below = this.belowMin();
    const setters = new Map<string, number[]>();
    for (const r of prepareCached(this.d.db, `SELECT id, cas_number, CASE WHEN cas_number = '' THEN name ELSE '' END AS name_key, specification FROM inventory_items WHERE min_stock IS NOT NULL AND NOT ${PRESENT}`).all() as Array<{ id: number } & Pick<MinGroup, 'cas_number' | 'name_key' | 'specification'>>) {
      const k = JSON.stringify([r.cas_number, r.name_key, r.specification]);
      setters.set(k, [...(setters.get(k) ?? []), r.id]);
    }
    return below.flatMap((b) => [...b.ids, ...(setters.get(JSON.stringify([b.group.cas_number, b.group.name_key, b.group.specification])) ?? [])]);
  }

  charts(now: Date = new Date()): DashboardCharts {
    const months = lastMonths(now, CHART_MONTHS);
    const { spending, unpriced } = this.spending(months);
    const usedSince = addDays(localDay(now), -MOST_USED_DAYS);
    return { months, spending, unpriced, pictograms: this.pictograms(), usedSince, mostUsed: this.mostUsed(startOfLocalDay(usedSince)) };
  }

  /**
   * quantity × unit_price of reagent orders stocked in and consumable orders completed, by the
   * local month of the order's last change (stock-in / completion: both are final, so nothing
   * changes the order after them).
   */
  private spending(months: string[]): { spending: SpendingSeries[]; unpriced: number } {
    const since = startOfLocalDay(`${months[0]!}-01`);
    const rows = [
      ...(prepareCached(this.d.db, `SELECT 'reagent' AS kind, category, quantity, unit_price, updated_at FROM reagent_orders WHERE status = 'stocked_in' AND updated_at >= ?`).all(since) as Row[]),
      ...(prepareCached(this.d.db, `SELECT 'consumable' AS kind, '' AS category, quantity, unit_price, updated_at FROM consumable_orders WHERE status = 'completed' AND updated_at >= ?`).all(since) as Row[]),
    ];
    type Row = { kind: SpendingSeries['kind']; category: string; quantity: number; unit_price: number | null; updated_at: string };
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
  private pictograms(): DashboardCharts['pictograms'] {
    const counts = new Map<string, number>(GHS_PICTOGRAMS.map((g) => [g, 0]));
    const rows = prepareCached(this.d.db, `SELECT ghs, count(*) AS n FROM inventory_items WHERE ghs != '' AND ${PRESENT} GROUP BY ghs`).all() as Array<{ ghs: string; n: number }>;
    for (const r of rows) for (const g of r.ghs.split(',')) if (counts.has(g)) counts.set(g, counts.get(g)! + r.n);
    return GHS_PICTOGRAMS.map((code) => ({ code, count: counts.get(code)! })).filter((p) => p.count > 0);
  }

  /**
   * The chemicals (CAS, or name without CAS) with the most `used` since `sinceIso`, each summed in
   * the unit of its first use in the window; uses in a unit that does not convert form their own entry.
   */
  private mostUsed(sinceIso: string): DashboardCharts['mostUsed'] {
    const rows = prepareCached(
      this.d.db,
      `SELECT m.amount, m.unit, i.name, i.cas_number FROM stock_movements m JOIN inventory_items i ON i.id = m.item_id
       WHERE m.kind = 'used' AND m.at >= ? AND m.amount > 0 ORDER BY m.at`,
    ).all(sinceIso) as Array<{ amount: number; unit: string; name: string; cas_number: string }>;
    const byChemical = new Map<string, Array<{ name: string; cas_number: string; unit: string; total: Big }>>();
    for (const r of rows) {
      const key = r.cas_number || `name:${r.name}`;
      const entries = byChemical.get(key) ?? [];
      byChemical.set(key, entries);
      let added = false;
      for (const e of entries) {
        const v = convert(new Big(r.amount), r.unit, e.unit);
        if (v) {
          e.total = e.total.plus(v);
          added = true;
          break;
        }
      }
      if (!added) entries.push({ name: r.name, cas_number: r.cas_number, unit: r.unit, total: new Big(r.amount) });
    }
    // Ranked by amount in the entry's base unit so 2 kg outranks 900 g.
    const base = (e: { unit: string; total: Big }) => convert(e.total, e.unit, 'g') ?? convert(e.total, e.unit, 'mL') ?? convert(e.total, e.unit, 'mmol') ?? e.total;
    return [...byChemical.values()]
      .flat()
      .sort((a, b) => base(b).cmp(base(a)) || a.name.localeCompare(b.name))
      .slice(0, MOST_USED_TOP)
      .map((e) => ({ name: e.name, cas_number: e.cas_number, amount: toNumber(e.total.round(6)), unit: e.unit }));
  }
}
