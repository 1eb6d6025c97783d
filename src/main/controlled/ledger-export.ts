// The controlled ledger (管控化学品台账) of one category over a date range, as XLSX in the UI's
// language. Per item (every item whose CAS is on the category's list and that held stock or moved
// in the range): its opening balance at the start date, every movement in the range with both
// people (the one who acted and the second person who confirmed), and its closing balance; then
// the totals per chemical (CAS). It reconciles by construction and is tested to: opening + in − out
// = closing for every item and every total, in exact decimals (shared/amounts.ts).
//
// Units: an item is reported in its current unit; a movement written in another unit (before a
// unit edit) is converted. Totals per chemical add items whose units convert (g and kg) in the
// first such item's unit; items in units that do not convert (g and mL, or 瓶) get a total each.
// Deleted items are not listed (their movements stay in the database, but not their CAS).
import type Big from 'big.js';
import type { Db } from '../db/open';
import type { ControlledCategory } from '../../shared/controlled';
import type { LabelLanguage } from '../../shared/record-labels';
import { convert, toDecimal, toNumber } from '../../shared/amounts';
import { addDays, type MovementKind } from '../../shared/stock';
import { movementKindLabel, movementReasonText } from '../../shared/stock-actions';
import { localMinute, type ExportFile } from '../list-export/export-file';
import type { XlsxValue } from '../list-export/xlsx-stream';
import { startOfLocalDay } from '../dashboard/local-day';
import { writeTableFile } from '../list-export/table-file';
import { fileSafe } from './list-export';
import { inventoryStore } from '../stores/inventory-store';
import { stockMovementStore } from '../stores/stock-movement-store';

export interface LedgerMovement {
  at: string;
  kind: MovementKind;
  /** Signed change in the item's unit. */
  delta: Big;
  balance: Big;
  user: string;
  second: string;
  reason: string;
}

export interface LedgerItem {
  id: number;
  name: string;
  cas: string;
  location: string;
  unit: string;
  opening: Big;
  movements: LedgerMovement[];
  in: Big;
  out: Big;
  closing: Big;
}

export interface LedgerTotal {
  cas: string;
  name: string;
  unit: string;
  opening: Big;
  in: Big;
  out: Big;
  closing: Big;
}

export interface Ledger {
  items: LedgerItem[];
  totals: LedgerTotal[];
}

/** The ledger's content: what the file shows, as exact decimals (the property test reads it back from the XLSX). */
export function controlledLedger(db: Db, input: { categoryId: number; from: string; to: string }): Ledger {
  const start = startOfLocalDay(input.from);
  const end = startOfLocalDay(addDays(input.to, 1));
  const items = inventoryStore(db).inControlledCategory(input.categoryId);
  const moves = stockMovementStore(db);
  const out: Ledger = { items: [], totals: [] };
  for (const it of items) {
    const inUnit = (v: number, unit: string) => convert(toDecimal(v), unit, it.unit) ?? toDecimal(v);
    let opening = toDecimal(0);
    const inRange: LedgerMovement[] = [];
    for (const m of moves.forItemBefore(it.id, end)) {
      if (m.at < start) {
        opening = inUnit(m.balance_after, m.unit);
        continue;
      }
      inRange.push({
        at: m.at, kind: m.kind, delta: inUnit(m.delta, m.unit), balance: inUnit(m.balance_after, m.unit),
        user: m.user_name ?? '', second: m.second_user_name ?? '', reason: m.reason,
      });
    }
    if (inRange.length === 0 && opening.eq(0)) continue;
    const plus = inRange.reduce((s, m) => (m.delta.gt(0) ? s.plus(m.delta) : s), toDecimal(0));
    const minus = inRange.reduce((s, m) => (m.delta.lt(0) ? s.minus(m.delta) : s), toDecimal(0));
    const closing = inRange.length ? inRange[inRange.length - 1]!.balance : opening;
    out.items.push({ ...it, opening, movements: inRange, in: plus, out: minus, closing });
  }
  for (const it of out.items) {
    const group = out.totals.find((t) => t.cas === it.cas && convert(toDecimal(1), it.unit, t.unit) !== null);
    const as = (v: Big) => (group ? convert(v, it.unit, group.unit)! : v);
    if (!group) out.totals.push({ cas: it.cas, name: it.name, unit: it.unit, opening: it.opening, in: it.in, out: it.out, closing: it.closing });
    else Object.assign(group, { opening: group.opening.plus(as(it.opening)), in: group.in.plus(as(it.in)), out: group.out.plus(as(it.out)), closing: group.closing.plus(as(it.closing)) });
  }
  return out;
}

export const LEDGER_COLUMNS = ['cas', 'name', 'item', 'location', 'at', 'kind', 'opening', 'in', 'out', 'balance', 'unit', 'user', 'second_user', 'reason'] as const;

const HEAD: Record<LabelLanguage, Record<(typeof LEDGER_COLUMNS)[number], string>> = {
  en: {
    cas: 'CAS', name: 'Name', item: 'Item', location: 'Location', at: 'When', kind: 'Entry', opening: 'Opening balance', in: 'In', out: 'Out',
    balance: 'Balance', unit: 'Unit', user: 'Done by', second_user: 'Confirmed by (second person)', reason: 'Reason / note',
  },
  'zh-CN': {
    cas: 'CAS号', name: '名称', item: '编号', location: '存放位置', at: '时间', kind: '摘要', opening: '期初结存', in: '收入', out: '发出',
    balance: '结存', unit: '单位', user: '经手人', second_user: '复核人（第二人）', reason: '原因/备注',
  },
};

const WORDS: Record<LabelLanguage, { opening: string; closing: string; total: string }> = {
  en: { opening: 'Opening balance', closing: 'Closing balance', total: 'Total per chemical' },
  'zh-CN': { opening: '期初结存', closing: '期末结存', total: '合计（按化学品）' },
};

/** The ledger's rows as written: opening, movements and closing per item, then the totals. */
export function ledgerRows(ledger: Ledger, lang: LabelLanguage): XlsxValue[][] {
  const w = WORDS[lang];
  const n = (b: Big) => toNumber(b);
  const row = (v: Partial<Record<(typeof LEDGER_COLUMNS)[number], XlsxValue>>) => LEDGER_COLUMNS.map((c) => v[c] ?? '');
  const rows: XlsxValue[][] = [];
  for (const it of ledger.items) {
    const base = { cas: it.cas, name: it.name, item: `#${it.id}`, location: it.location, unit: it.unit };
    rows.push(row({ ...base, kind: w.opening, opening: n(it.opening), balance: n(it.opening) }));
    for (const m of it.movements) {
      rows.push(row({
        ...base, at: localMinute(m.at), kind: movementKindLabel(lang, m.kind), in: m.delta.gt(0) ? n(m.delta) : '', out: m.delta.lt(0) ? n(m.delta.abs()) : '',
        balance: n(m.balance), user: m.user, second_user: m.second, reason: movementReasonText(lang, m.reason),
      }));
    }
    rows.push(row({ ...base, kind: w.closing, opening: n(it.opening), in: n(it.in), out: n(it.out), balance: n(it.closing) }));
  }
  for (const t of ledger.totals) rows.push(row({ cas: t.cas, name: t.name, kind: w.total, opening: n(t.opening), in: n(t.in), out: n(t.out), balance: n(t.closing), unit: t.unit }));
  return rows;
}

export function exportControlledLedger(db: Db, dir: string, input: { category: ControlledCategory; from: string; to: string; lang: LabelLanguage }): Promise<ExportFile> {
  const ledger = controlledLedger(db, { categoryId: input.category.id, from: input.from, to: input.to });
  const zh = input.lang === 'zh-CN';
  return writeTableFile(dir, 'xlsx', {
    base: `${zh ? '台账' : 'ledger'}-${fileSafe(zh ? input.category.name_zh : input.category.name_en)}-${input.from}-${input.to}`,
    sheetName: zh ? '台账' : 'Ledger',
    headers: LEDGER_COLUMNS.map((c) => HEAD[input.lang][c]),
    rows: ledgerRows(ledger, input.lang),
  });
}
