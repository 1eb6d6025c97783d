// The controlled ledger (管控化学品台账) of one category over a date range, as XLSX in the UI's
// language: one section per chemical (CAS) — its opening balance at the start date, every movement
// of its containers in the range in time order with both people (the one who acted and the second
// person who confirmed) and the purpose, and its closing balance. The balance is the chemical's: what
// the lab holds of it in all its containers, so every line reconciles — previous balance + in − out
// = balance — and so does the closing line: opening + in − out = closing, in exact decimals
// (shared/amounts.ts; property test test/controlled/ledger-export.test.ts reads the XLSX back).
//
// What moves without changing the chemical's balance has columns of its own, outside in and out:
// - a borrowing (借出) and a return (归还): the container leaves with a person and comes back, still
//   the lab's; a part not returned is a `used` line (out), written by the return;
// - a split (分装) between two containers of the same chemical: a transfer (容器间调拨, signed, − on
//   the container it left and + on the new one), so 丙酮 bought as 1500 mL shows 收入 1500 mL after
//   a split, not 2000. A split whose other container is not in this section over the same range (it
//   was deleted before its CAS was listed) is an in or out: it did change what the section holds.
// Each line also shows the container's own balance after it (本容器结存).
//
// Units: a section holds the containers of one CAS whose units convert (g and kg), in the first
// container's unit; containers in units that do not convert (g and mL, or 瓶) get a section each. A
// movement written in another unit (before a unit edit) is converted. Deleted items are not listed
// (their movements stay in the database, but not their CAS).
import type Big from 'big.js';
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
import type { LabReads } from '../stores/lab-data';
import type { MovementWithPeople } from '../stores/stock-movement-store';

/** One movement of one container, in its section's unit. */
export interface LedgerLine {
  id: number;
  itemId: number;
  name: string;
  location: string;
  at: string;
  kind: MovementKind;
  /** What the line adds to / takes from the chemical's balance (≥ 0 each; 0 for a borrowing, return or transfer). */
  in: Big;
  out: Big;
  /** borrowed: the amount taken; returned: the amount back (null on other lines). */
  borrowed: Big | null;
  returned: Big | null;
  /** A split between two containers of this section: the signed change of this container (null otherwise). */
  transfer: Big | null;
  /** split: the other container. */
  partner: number | null;
  /** The chemical's balance after the line, and this container's. */
  balance: Big;
  container: Big;
  user: string;
  second: string;
  purpose: string;
  reason: string;
}

/** One chemical (CAS, in one unit group): its containers' movements as one account. */
export interface LedgerSection {
  cas: string;
  name: string;
  unit: string;
  opening: Big;
  lines: LedgerLine[];
  in: Big;
  out: Big;
  borrowed: Big;
  returned: Big;
  closing: Big;
}

export interface Ledger {
  sections: LedgerSection[];
}

interface ItemMoves {
  id: number;
  name: string;
  cas: string;
  location: string;
  unit: string;
  opening: Big;
  moves: MovementWithPeople[];
}

const ZERO = toDecimal(0);

/** The ledger's content: what the file shows, as exact decimals, read in the open unit `r` (one snapshot). */
export async function controlledLedger(r: Pick<LabReads, 'inventory' | 'movements'>, input: { categoryId: number; from: string; to: string }): Promise<Ledger> {
  const start = startOfLocalDay(input.from);
  const end = startOfLocalDay(addDays(input.to, 1));
  const groups: Array<{ cas: string; name: string; unit: string; members: ItemMoves[] }> = [];
  for (const it of await r.inventory.inControlledCategory(input.categoryId)) {
    // An amount of a movement in the item's current unit (a unit given later to an item that had none: as written).
    const inUnit = (v: number, unit: string) => convert(toDecimal(v), unit, it.unit) ?? toDecimal(v);
    let opening = ZERO;
    const moves: MovementWithPeople[] = [];
    for (const m of await r.movements.forItemBefore(it.id, end)) {
      if (m.at < start) opening = inUnit(m.balance_after, m.unit);
      else moves.push(m);
    }
    if (moves.length === 0 && opening.eq(0)) continue;
    const entry: ItemMoves = { ...it, opening, moves };
    const group = groups.find((g) => g.cas === it.cas && convert(toDecimal(1), it.unit, g.unit) !== null);
    if (group) group.members.push(entry);
    else groups.push({ cas: it.cas, name: it.name, unit: it.unit, members: [entry] });
  }
  return { sections: groups.map((g) => section(g.cas, g.name, g.unit, g.members)) };
}

/** One chemical's lines in time order with the running balances, and its totals. */
function section(cas: string, name: string, unit: string, members: ItemMoves[]): LedgerSection {
  // The movement's own unit → the item's (as inUnit above) → the section's (they convert: that made the group).
  const toSection = (v: number, from: string, item: ItemMoves) => convert(convert(toDecimal(v), from, item.unit) ?? toDecimal(v), item.unit, unit)!;
  // A split is a transfer when both halves are here: the other container is in this section and
  // its half (pointing back at this one) is in the range too.
  const splitHalves = new Set(members.flatMap((m) => m.moves.filter((x) => x.kind === 'split').map((x) => `${m.id}>${x.related_item_id}`)));
  const opening = members.reduce((s, m) => s.plus(convert(m.opening, m.unit, unit)!), ZERO);
  const timeline = members.flatMap((m) => m.moves.map((x) => ({ m, x })));
  timeline.sort((a, b) => (a.x.at < b.x.at ? -1 : a.x.at > b.x.at ? 1 : a.x.id - b.x.id));
  let balance = opening;
  const lines: LedgerLine[] = [];
  for (const { m, x } of timeline) {
    const delta = toSection(x.delta, x.unit, m);
    const amount = toSection(x.amount, x.unit, m);
    const transfer = x.kind === 'split' && splitHalves.has(`${x.related_item_id}>${m.id}`) ? delta : null;
    const plus = transfer === null && delta.gt(0) ? delta : ZERO;
    const minus = transfer === null && delta.lt(0) ? delta.abs() : ZERO;
    balance = balance.plus(plus).minus(minus);
    lines.push({
      id: x.id, itemId: m.id, name: m.name, location: m.location, at: x.at, kind: x.kind, in: plus, out: minus,
      borrowed: x.kind === 'borrowed' ? amount : null, returned: x.kind === 'returned' ? amount : null, transfer, partner: x.kind === 'split' ? x.related_item_id : null,
      balance, container: toSection(x.balance_after, x.unit, m), user: x.user_name ?? '', second: x.second_user_name ?? '', purpose: x.purpose, reason: x.reason,
    });
  }
  const sum = (f: (l: LedgerLine) => Big | null) => lines.reduce((s, l) => s.plus(f(l) ?? ZERO), ZERO);
  return {
    cas, name, unit, opening, lines,
    in: sum((l) => l.in), out: sum((l) => l.out), borrowed: sum((l) => l.borrowed), returned: sum((l) => l.returned), closing: balance,
  };
}

export const LEDGER_COLUMNS = [
  'cas', 'name', 'item', 'location', 'at', 'kind', 'opening', 'in', 'out', 'balance', 'borrowed', 'returned', 'transfer', 'container_balance', 'unit', 'user', 'second_user', 'purpose', 'reason',
] as const;
export type LedgerColumn = (typeof LEDGER_COLUMNS)[number];

const HEAD: Record<LabelLanguage, Record<LedgerColumn, string>> = {
  en: {
    cas: 'CAS', name: 'Name', item: 'Container', location: 'Location', at: 'When', kind: 'Entry', opening: 'Opening balance', in: 'In', out: 'Out', balance: 'Balance',
    borrowed: 'Borrowed out', returned: 'Returned', transfer: 'Transfer between containers', container_balance: 'Container balance', unit: 'Unit', user: 'Done by',
    second_user: 'Confirmed by (second person)', purpose: 'Purpose', reason: 'Reason / note',
  },
  'zh-CN': {
    cas: 'CAS号', name: '名称', item: '容器编号', location: '存放位置', at: '时间', kind: '摘要', opening: '期初结存', in: '收入', out: '发出', balance: '结存',
    borrowed: '借出', returned: '归还', transfer: '容器间调拨', container_balance: '本容器结存', unit: '单位', user: '经手人',
    second_user: '复核人（第二人）', purpose: '用途', reason: '原因/备注',
  },
};

export function ledgerHeaders(lang: LabelLanguage): string[] {
  return LEDGER_COLUMNS.map((c) => HEAD[lang][c]);
}

const WORDS: Record<LabelLanguage, { opening: string; closing: string }> = {
  en: { opening: 'Opening balance', closing: 'Closing balance' },
  'zh-CN': { opening: '期初结存', closing: '期末结存' },
};

/** "Split → #15" on the container the part left, "Split ← #12" on the new one. */
function entry(lang: LabelLanguage, l: LedgerLine): string {
  const word = movementKindLabel(lang, l.kind);
  if (l.kind !== 'split' || l.partner === null) return word;
  const leaving = (l.transfer ?? l.in.minus(l.out)).lt(0);
  return `${word} ${leaving ? '→' : '←'} #${l.partner}`;
}

/** The ledger's rows as written: per chemical its opening line, its movements and its closing line. */
export function ledgerRows(ledger: Ledger, lang: LabelLanguage): XlsxValue[][] {
  const w = WORDS[lang];
  const n = (b: Big) => toNumber(b);
  /** An amount cell: empty where the line has none (0 shows only on the opening and closing lines). */
  const some = (b: Big | null) => (b === null || b.eq(0) ? '' : n(b));
  const row = (v: Partial<Record<LedgerColumn, XlsxValue>>) => LEDGER_COLUMNS.map((c) => v[c] ?? '');
  const rows: XlsxValue[][] = [];
  for (const s of ledger.sections) {
    const base = { cas: s.cas, unit: s.unit };
    rows.push(row({ ...base, name: s.name, kind: w.opening, opening: n(s.opening), balance: n(s.opening) }));
    for (const l of s.lines) {
      rows.push(row({
        ...base, name: l.name, item: `#${l.itemId}`, location: l.location, at: localMinute(l.at), kind: entry(lang, l), in: some(l.in), out: some(l.out), balance: n(l.balance),
        borrowed: some(l.borrowed), returned: some(l.returned), transfer: some(l.transfer), container_balance: n(l.container), user: l.user, second_user: l.second,
        purpose: l.purpose, reason: movementReasonText(lang, l.reason),
      }));
    }
    rows.push(row({
      ...base, name: s.name, kind: w.closing, opening: n(s.opening), in: n(s.in), out: n(s.out), balance: n(s.closing), borrowed: n(s.borrowed), returned: n(s.returned),
    }));
  }
  return rows;
}

/** The ledger's XLSX in `dir` (written after the unit that read `ledger`). */
export function writeLedgerFile(dir: string, ledger: Ledger, input: { category: ControlledCategory; from: string; to: string; lang: LabelLanguage }): Promise<ExportFile> {
  const zh = input.lang === 'zh-CN';
  return writeTableFile(dir, 'xlsx', {
    base: `${zh ? '台账' : 'ledger'}-${fileSafe(zh ? input.category.name_zh : input.category.name_en)}-${input.from}-${input.to}`,
    sheetName: zh ? '台账' : 'Ledger',
    headers: ledgerHeaders(input.lang),
    rows: ledgerRows(ledger, input.lang),
  });
}
