// The controlled ledger (台账) adds up, read back from the XLSX the admin downloads. A property over
// random sequences of receive, use, borrow, return, split, dispose, adjust, consume and unit-only
// conversions (g ↔ kg, mL ↔ L) on controlled items, through the real dispatcher, each on a day
// around the range: in every chemical's section every line is previous balance + in − out =
// balance, the closing line is opening + in − out = closing with in, out, borrowed and returned the
// sums of its lines, splits are transfers that add up to nothing, each container's balance follows
// its own lines from its opening; the opening and closing are what the items held before the start
// and at the end of the last day (from their movements), and over all time in and out are what was
// received and taken (from the items' amounts, not from the ledger's rows). Then 丙酮 in Chinese, by
// header: bought 1500 mL, split, borrowed with a purpose, partly returned, used.
import Big from 'big.js';
import crypto from 'node:crypto';
import fc from 'fast-check';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';
import { LEDGER_COLUMNS, ledgerHeaders, type LedgerColumn } from '../../src/main/controlled/ledger-export';
import { startOfLocalDay } from '../../src/main/dashboard/local-day';
import { parseImportFile } from '../../src/main/bulk-import/import-parse';
import { addDays, localDay } from '../../src/shared/stock';
import { convert } from '../../src/shared/amounts';
import type { InventoryItem } from '../../src/shared/records';
import type { LabelLanguage } from '../../src/shared/record-labels';
import { asyncRefusal } from '../support/refusal';

const FROM = '2026-03-01';
const TO = '2026-03-10';
/** A range around every day the property acts on (−6 … +14 from FROM). */
const ALL = { from: '2026-01-01', to: '2026-04-30' };
const ACETONE = '67-64-1' as const;
const CYANIDE = '143-33-9' as const;
const UNITS: Record<string, [string, string]> = { [ACETONE]: ['mL', 'L'], [CYANIDE]: ['g', 'kg'] };
const OTHER: Record<string, string> = { mL: 'L', L: 'mL', g: 'kg', kg: 'g' };
/** How many base units (mL, g) one of a unit is. */
const PER: Record<string, number> = { mL: 1, L: 1000, g: 1, kg: 1000 };
const bob = { username: 'bob', password: 'bob-pass-12' };

type Row = Record<LedgerColumn, string>;
const dec = (s: string | undefined) => new Big(s === undefined || s === '' ? 0 : s);
const base = (v: Big, unit: string) => v.times(PER[unit]!);

async function readLedger(h: Harness, categoryId: number, range: { from: string; to: string }, lang: LabelLanguage = 'en'): Promise<Row[]> {
  const file = await h.controlled.exportLedger({ id: categoryId, ...range, lang });
  const { headers, rows } = await parseImportFile('ledger.xlsx', fs.readFileSync(file.path));
  fs.rmSync(file.path);
  expect(headers).toEqual(ledgerHeaders(lang));
  return rows.map((r) => Object.fromEntries(LEDGER_COLUMNS.map((c, i) => [c, r[i] ?? ''])) as Row);
}

interface Section {
  opening: Row;
  lines: Row[];
  closing: Row;
}

function sectionsOf(rows: Row[]): Section[] {
  const out: Section[] = [];
  let open: Row | null = null;
  let lines: Row[] = [];
  for (const r of rows) {
    if (r.kind === 'Opening balance') {
      expect(open).toBeNull();
      [open, lines] = [r, []];
    } else if (r.kind === 'Closing balance') {
      expect(open).not.toBeNull();
      out.push({ opening: open!, lines, closing: r });
      open = null;
    } else {
      expect(open, `a line outside a section: ${JSON.stringify(r)}`).not.toBeNull();
      lines.push(r);
    }
  }
  expect(open).toBeNull();
  return out;
}

/** Every line and the closing line add up; splits are transfers; each container follows its lines. */
function checkSection(s: Section, containerOpening: (id: number) => Big): void {
  const at = (r: Row) => JSON.stringify(r);
  expect(dec(s.opening.balance).eq(dec(s.opening.opening)), at(s.opening)).toBe(true);
  let balance = dec(s.opening.balance);
  const containers = new Map<string, Big>();
  const sums = { in: new Big(0), out: new Big(0), borrowed: new Big(0), returned: new Big(0), transfer: new Big(0) };
  for (const l of s.lines) {
    expect([l.cas, l.unit]).toEqual([s.opening.cas, s.opening.unit]);
    balance = balance.plus(dec(l.in)).minus(dec(l.out));
    expect(balance.eq(dec(l.balance)), `previous + in − out ≠ balance: ${at(l)}`).toBe(true);
    for (const k of Object.keys(sums) as Array<keyof typeof sums>) sums[k] = sums[k].plus(dec(l[k]));
    if (l.kind.startsWith('Split')) expect([l.in, l.out, l.transfer === '']).toEqual(['', '', false]);
    else expect(l.transfer).toBe('');
    if (l.kind === 'Borrowed') expect([l.in, l.out, l.borrowed === '', l.second_user]).toEqual(['', '', false, 'Bob']);
    if (l.kind === 'Returned') expect([l.in, l.out, l.returned === '']).toEqual(['', '', false]);
    const id = l.item;
    const before = containers.get(id) ?? containerOpening(Number(id.slice(1)));
    const after = before.plus(dec(l.in)).minus(dec(l.out)).plus(dec(l.transfer));
    expect(after.eq(dec(l.container_balance)), `container ${id}: ${before} → ${at(l)}`).toBe(true);
    containers.set(id, after);
  }
  const c = s.closing;
  expect(dec(c.opening).eq(dec(s.opening.opening))).toBe(true);
  for (const k of ['in', 'out', 'borrowed', 'returned'] as const) expect(dec(c[k]).eq(sums[k]), `${k}: ${at(c)}`).toBe(true);
  expect(sums.transfer.eq(0), 'the splits of a section add up to nothing').toBe(true);
  expect(dec(c.opening).plus(dec(c.in)).minus(dec(c.out)).eq(dec(c.balance)), `opening + in − out ≠ closing: ${at(c)}`).toBe(true);
  expect(dec(c.balance).eq(balance)).toBe(true);
}

const op = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('receive' as const), cas: fc.constantFrom(ACETONE, CYANIDE), big: fc.boolean(), n: fc.integer({ min: 1, max: 3000 }) }) },
  {
    weight: 8,
    arbitrary: fc.record({ op: fc.constantFrom('use' as const, 'borrow' as const, 'return' as const, 'split' as const, 'dispose' as const, 'adjust' as const), pick: fc.nat(), per: fc.integer({ min: 1, max: 150 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('consume' as const, 'convert' as const), pick: fc.nat() }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** `per` % of `q`, one decimal, rounded down (0 when that is nothing). */
const part = (q: Big, per: number) => q.times(Math.min(per, 100)).div(100).round(1, Big.roundDown);

describe('controlled ledger export', () => {
  it('adds up per line, per container and per chemical over any sequence of stock actions (property, XLSX read back)', { timeout: 300_000 }, async () => {
    const h = createHarness();
    const db = h.dbs.lab;
    // The second person's password check is scrypt; a cheap cost for Bob keeps hundreds of runs quick (the check is the same).
    const salt = crypto.randomBytes(16);
    const cheap = ['scrypt', 16, 8, 1, salt.toString('base64'), crypto.scryptSync(bob.password, salt, 32, { N: 16, r: 8, p: 1 }).toString('base64')].join('$');
    db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(cheap, h.member2.id);
    const cat = (await h.controlled.categories())[0]!;
    await h.controlled.addCas(h.admin, { id: cat.id, cas: ACETONE, name: '丙酮' });
    await h.controlled.addCas(h.admin, { id: cat.id, cas: CYANIDE, name: '氰化钠' });
    const seen = { split: 0, borrow: 0, return: 0, convert: 0 };

    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ day: fc.integer({ min: -5, max: 14 }), step: op }), { minLength: 4, maxLength: 24, size: 'medium' }), async (steps) => {
        db.prepare('DELETE FROM stock_movements').run();
        db.prepare('DELETE FROM inventory_items').run();
        const items = new Map<number, InventoryItem>();
        /** What the actions took in and out, per CAS in base units, from the items' amounts. */
        const flow = new Map<string, { in: Big; out: Big }>([ACETONE, CYANIDE].map((c) => [c, { in: new Big(0), out: new Big(0) }]));
        const borrows: Array<[string, string, string]> = [];
        const q = (it: InventoryItem) => new Big(it.quantity);
        const took = (before: InventoryItem, after: InventoryItem) => {
          const f = flow.get(before.cas_number)!;
          const d = base(q(after), after.unit).minus(base(q(before), before.unit));
          if (d.gt(0)) f.in = f.in.plus(d);
          else f.out = f.out.minus(d);
          items.set(after.id, after);
        };
        // Not controlled: never in the ledger.
        await h.ok(h.member, 'createInventoryItem', { name: '乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL' });
        let lastId = 0;
        // Both chemicals are bought before the range (an opening balance), then the steps in the order of their days.
        const first: Array<{ day: number; step: Op }> = [ACETONE, CYANIDE].map((cas) => ({ day: -6, step: { op: 'receive', cas, big: false, n: 1000 } }));
        const sorted = [...first, ...[...steps].sort((a, b) => a.day - b.day)];
        for (const [i, { day, step }] of sorted.entries()) {
          await act(step);
          // Everything this step wrote happened on its day (times rise with the ids, as they do for real).
          const when = new Date(new Date(startOfLocalDay(addDays(FROM, day))).getTime() + (i + 1) * 60_000).toISOString();
          db.prepare('UPDATE stock_movements SET at = ? WHERE id > ?').run(when, lastId);
          lastId = db.prepare('SELECT COALESCE(max(id), 0) FROM stock_movements').pluck().get() as number;
        }

        async function act(s: Op): Promise<void> {
          if (s.op === 'receive') {
            const unit = UNITS[s.cas]![s.big ? 1 : 0]!;
            const quantity = s.big ? s.n / 1000 : s.n;
            const it = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: s.cas === ACETONE ? '丙酮' : '氰化钠', cas_number: s.cas, quantity, unit });
            flow.get(s.cas)!.in = flow.get(s.cas)!.in.plus(base(new Big(quantity), unit));
            items.set(it.id, it);
            return;
          }
          const statuses: Record<typeof s.op, string[]> = {
            use: ['in_stock'], borrow: ['in_stock'], return: ['borrowed'], split: ['in_stock'], dispose: ['in_stock', 'borrowed', 'consumed'],
            adjust: ['in_stock', 'consumed'], consume: ['in_stock', 'borrowed'], convert: ['in_stock', 'borrowed', 'consumed'],
          };
          const candidates = [...items.values()].filter((it) => statuses[s.op].includes(it.status));
          if (candidates.length === 0) return;
          const it = candidates[s.pick % candidates.length]!;
          const per = 'per' in s ? s.per : 100;
          const amount = part(q(it), per);
          const withAmount = { id: it.id, amount: Number(amount.toFixed()), unit: it.unit };
          if (s.op === 'use') {
            if (amount.gt(0)) took(it, await h.ok<InventoryItem>(h.member, 'useInventoryItem', { ...withAmount, note: 'run', second_person: bob }));
          } else if (s.op === 'borrow') {
            if (amount.eq(0)) return;
            const purpose = `用途 ${it.id}-${borrows.length}`;
            items.set(it.id, await h.ok<InventoryItem>(h.member, 'borrowInventoryItem', { ...withAmount, due_date: '2030-01-01', purpose, second_person: bob }));
            borrows.push([`#${it.id}`, base(amount, it.unit).toFixed(), purpose]);
            seen.borrow++;
          } else if (s.op === 'return') {
            const back = part(new Big(it.borrowed_amount!), per);
            if (back.eq(0)) return;
            took(it, await h.ok<InventoryItem>(h.member, 'returnInventoryItem', per >= 100 ? { id: it.id, second_person: bob } : { id: it.id, amount: Number(back.toFixed()), unit: it.unit, second_person: bob }));
            seen.return++;
          } else if (s.op === 'split') {
            if (amount.eq(0) || amount.gte(q(it))) return;
            const r = await h.ok<{ item: InventoryItem; newItem: InventoryItem }>(h.member, 'splitInventoryItem', withAmount);
            items.set(r.item.id, r.item);
            items.set(r.newItem.id, r.newItem);
            seen.split++;
          } else if (s.op === 'dispose') {
            if (amount.eq(0)) return;
            took(it, await h.ok<InventoryItem>(h.member, 'disposeInventoryItem', { ...withAmount, reason: 'waste', second_person: bob }));
          } else if (s.op === 'adjust') {
            took(it, await h.ok<InventoryItem>(h.admin, 'adjustInventoryItem', { ...withAmount, amount: Number(part(q(it).plus(1), per).toFixed()), reason: 'count', second_person: bob }));
          } else if (s.op === 'consume') {
            took(it, await h.ok<InventoryItem>(h.member, 'consumeInventoryItem', { id: it.id, second_person: bob }));
          } else {
            // the form's unit-only conversion; refused when the new unit would need more decimals than kept
            const r = await h.call(h.member, 'updateInventoryItem', { id: it.id, unit: OTHER[it.unit] });
            if (r.ok) {
              items.set(it.id, r.value as InventoryItem);
              seen.convert++;
            } else expect(r.error.fields).toHaveProperty('quantity');
          }
        }

        /** What an item held before `time` (its last movement's balance), in `unit`. */
        const heldBefore = (id: number, time: string, unit: string) => {
          const m = db.prepare('SELECT balance_after, unit FROM stock_movements WHERE item_id = ? AND at < ? ORDER BY id DESC LIMIT 1').get(id, time) as { balance_after: number; unit: string } | undefined;
          return m ? convert(new Big(m.balance_after), m.unit, unit)! : new Big(0);
        };
        const start = startOfLocalDay(FROM);
        const end = startOfLocalDay(addDays(TO, 1));
        const members = (cas: string) => [...items.values()].filter((it) => it.cas_number === cas);

        // The range: every section adds up, and opens and closes on what the items held.
        const rows = await readLedger(h, cat.id, { from: FROM, to: TO });
        const sections = sectionsOf(rows);
        for (const s of sections) {
          const unit = s.opening.unit;
          checkSection(s, (id) => heldBefore(id, start, unit));
          const held = (time: string) => members(s.opening.cas).reduce((sum, it) => sum.plus(heldBefore(it.id, time, unit)), new Big(0));
          expect(dec(s.opening.opening).eq(held(start)), `opening of ${s.opening.cas}`).toBe(true);
          expect(dec(s.closing.balance).eq(held(end)), `closing of ${s.opening.cas}`).toBe(true);
        }
        // A chemical has a section when it held something at the start or moved in the range (one unit group each here).
        const moved = (cas: string) => members(cas).some((it) => !heldBefore(it.id, start, it.unit).eq(0) || db.prepare('SELECT 1 FROM stock_movements WHERE item_id = ? AND at >= ? AND at < ?').get(it.id, start, end));
        expect(sections.map((s) => s.opening.cas)).toEqual([CYANIDE, ACETONE].filter(moved));

        // All time: from nothing to what the items hold now; in and out are what was received and taken.
        const all = sectionsOf(await readLedger(h, cat.id, ALL));
        expect(all.map((s) => s.opening.cas)).toEqual([CYANIDE, ACETONE].filter((c) => members(c).length > 0));
        for (const s of all) {
          const unit = s.opening.unit;
          checkSection(s, () => new Big(0));
          const cas = s.opening.cas;
          expect(dec(s.opening.opening).eq(0)).toBe(true);
          expect(base(dec(s.closing.balance), unit).eq(members(cas).reduce((sum, it) => sum.plus(base(q(it), it.unit)), new Big(0))), `now of ${cas}`).toBe(true);
          expect(base(dec(s.closing.in), unit).eq(flow.get(cas)!.in), `in of ${cas}: ${s.closing.in} ${unit} vs ${flow.get(cas)!.in}`).toBe(true);
          expect(base(dec(s.closing.out), unit).eq(flow.get(cas)!.out), `out of ${cas}: ${s.closing.out} ${unit} vs ${flow.get(cas)!.out}`).toBe(true);
        }
        // Every borrowing with its amount and purpose, in order.
        const lent = all.flatMap((s) => s.lines.filter((l) => l.kind === 'Borrowed').map((l) => [l.item, base(dec(l.borrowed), l.unit).toFixed(), l.purpose]));
        expect(lent.sort()).toEqual([...borrows].sort());
      }),
      { numRuns: 40 },
    );
    // the generator did exercise what the ledger treats apart
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
  });

  it('丙酮 in Chinese: bought 1500 mL is 收入 1500 after a split; borrowing and return in their columns with the purpose', async () => {
    const h = createHarness();
    const cat = (await h.controlled.categories()).find((c) => c.key === 'precursor')!;
    await h.controlled.addCas(h.admin, { id: cat.id, cas: ACETONE, name: '丙酮' });
    const a = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '丙酮', cas_number: ACETONE, quantity: 1500, unit: 'mL', container_size: 500, container_label: '瓶' });
    const { newItem: b } = await h.ok<{ newItem: InventoryItem }>(h.member, 'splitInventoryItem', { id: a.id, containers: 1 });
    await h.ok(h.member, 'borrowInventoryItem', { id: b.id, amount: 500, unit: 'mL', purpose: '萃取', second_person: bob });
    await h.ok(h.member, 'returnInventoryItem', { id: b.id, amount: 450, unit: 'mL', second_person: bob });
    await h.ok(h.member, 'useInventoryItem', { id: a.id, amount: 100, unit: 'mL', second_person: bob });

    const today = localDay();
    const file = await h.controlled.exportLedger({ id: cat.id, from: today, to: today, lang: 'zh-CN' });
    const { headers, rows } = await parseImportFile('台账.xlsx', fs.readFileSync(file.path));
    fs.rmSync(file.path);
    expect(headers).toEqual(['CAS号', '名称', '容器编号', '存放位置', '时间', '摘要', '期初结存', '收入', '发出', '结存', '借出', '归还', '容器间调拨', '本容器结存', '单位', '经手人', '复核人（第二人）', '用途', '原因/备注']);
    const pick = (...cols: string[]) => rows.map((r) => cols.map((c) => r[headers.indexOf(c)] ?? ''));
    expect(pick('容器编号', '摘要', '期初结存', '收入', '发出', '结存', '借出', '归还', '容器间调拨', '本容器结存', '复核人（第二人）', '用途', '原因/备注')).toEqual([
      ['', '期初结存', '0', '', '', '0', '', '', '', '', '', '', ''],
      [`#${a.id}`, '入库', '', '1500', '', '1500', '', '', '', '1500', '', '', ''],
      [`#${b.id}`, `分装 ← #${a.id}`, '', '', '', '1500', '', '', '500', '500', '', '', ''],
      [`#${a.id}`, `分装 → #${b.id}`, '', '', '', '1500', '', '', '-500', '1000', '', '', ''],
      [`#${b.id}`, '借出', '', '', '', '1500', '500', '', '', '500', 'Bob', '萃取', ''],
      [`#${b.id}`, '归还', '', '', '', '1500', '', '450', '', '500', 'Bob', '', ''],
      [`#${b.id}`, '使用', '', '', '50', '1450', '', '', '', '450', 'Bob', '', '未归还部分'],
      [`#${a.id}`, '使用', '', '', '100', '1350', '', '', '', '900', 'Bob', '', ''],
      ['', '期末结存', '0', '1500', '150', '1350', '500', '450', '', '', '', '', ''],
    ]);
    expect(new Set(pick('CAS号', '单位').map((r) => r.join(' ')))).toEqual(new Set([`${ACETONE} mL`]));
  });

  it('refuses an end before the start, naming the field, and an unknown category', async () => {
    const h = createHarness();
    expect(await asyncRefusal(() => h.controlled.exportLedger({ id: 1, from: TO, to: FROM, lang: 'en' }))).toMatchObject({ code: 'validation', fields: { to: expect.objectContaining({ key: 'controlled.dateOrder' }) } });
    expect(await asyncRefusal(() => h.controlled.exportLedger({ id: 99, from: FROM, to: TO, lang: 'en' }))).toMatchObject({ code: 'not_found' });
  });
});
