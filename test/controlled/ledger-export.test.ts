// The controlled ledger export reconciles: for generated movements over several items, units, unit conversions (the form's g ↔ kg) and
// days, every item's and every chemical's opening + in − out = closing in exact decimals, read
// back from the XLSX the admin downloads; the opening is the balance before the start day and the
// closing the balance at the end of the last day.
import Big from 'big.js';
import fc from 'fast-check';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';
import { writeMovement } from '../../src/main/stock/stock-ledger';
import { LEDGER_COLUMNS } from '../../src/main/controlled/ledger-export';
import { startOfLocalDay } from '../../src/main/dashboard/local-day';
import { parseImportFile } from '../../src/main/bulk-import/import-parse';
import { addDays } from '../../src/shared/stock';
import { refusal } from '../support/refusal';

const FROM = '2026-03-01';
const TO = '2026-03-10';
const col = (c: (typeof LEDGER_COLUMNS)[number]) => LEDGER_COLUMNS.indexOf(c);
const dec = (s: string | undefined) => new Big(s === undefined || s === '' ? 0 : s);

/**
 * One item's history: signed steps in thousandths of its unit at that time, each on a day offset
 * from FROM; a step with `toggle` 0 is instead the form's unit-only conversion (g ↔ kg, mL ↔ L),
 * so older movements are in another unit than the item's and the export converts them.
 */
const history = fc.record({
  cas: fc.constantFrom('143-33-9', '151-50-8'),
  unit: fc.constantFrom('g', 'kg', 'mL'),
  steps: fc.array(fc.record({ day: fc.integer({ min: -5, max: 14 }), milli: fc.integer({ min: -50_000, max: 80_000 }), toggle: fc.integer({ min: 0, max: 3 }) }), { maxLength: 10 }),
});

const OTHER_UNIT: Record<string, string> = { g: 'kg', kg: 'g', mL: 'L', L: 'mL' };
/** How many base units (g, mL) one of `unit` is. */
const PER_UNIT: Record<string, number> = { g: 1, kg: 1000, mL: 1, L: 1000 };

function seed(h: Harness, items: Array<(typeof history) extends fc.Arbitrary<infer T> ? T : never>) {
  const db = h.dbs.lab;
  db.prepare('DELETE FROM stock_movements').run();
  db.prepare('DELETE FROM inventory_items').run();
  const at = db.prepare('UPDATE stock_movements SET at = ? WHERE id = ?');
  const lastMovement = db.prepare('SELECT max(id) FROM stock_movements WHERE item_id = ?').pluck();
  const setQuantity = db.prepare('UPDATE inventory_items SET quantity = ? WHERE id = ?');
  const expected: Array<{ opening: Big; closing: Big; unit: string }> = [];
  for (const it of items) {
    const id = Number(db.prepare("INSERT INTO inventory_items (name, cas_number, quantity, unit, status) VALUES ('x', ?, 0, ?, 'in_stock')").run(it.cas, it.unit).lastInsertRowid);
    let unit: string = it.unit;
    let balance = new Big(0); // in `unit`
    let opening = new Big(0); // in base units (g, mL), as are the next two
    let closing = new Big(0);
    const steps = [...it.steps].sort((a, b) => a.day - b.day);
    steps.forEach((s, i) => {
      if (s.toggle === 0) {
        // the form's unit-only conversion: the service converts the balance and writes a zero movement in the new unit
        unit = OTHER_UNIT[unit]!;
        const edited = h.records.inventory.update(h.member, { id, unit });
        expect(edited.unit).toBe(unit);
        balance = new Big(edited.quantity);
      } else {
        let delta = new Big(s.milli).div(1000);
        if (balance.plus(delta).lt(0)) delta = balance.times(-1); // never below zero, as the services ensure
        balance = balance.plus(delta);
        writeMovement(db, {
          item_id: id, user_id: h.member.id, second_user_id: delta.lt(0) ? h.member2.id : null, kind: delta.lt(0) ? 'used' : delta.gt(0) ? 'received' : 'adjusted',
          amount: Number(delta.abs().toFixed()), delta: Number(delta.toFixed()), unit, balance_after: Number(balance.toFixed()),
        });
        setQuantity.run(Number(balance.toFixed()), id);
      }
      at.run(new Date(new Date(startOfLocalDay(addDays(FROM, s.day))).getTime() + (i % 5) * 3_600_000).toISOString(), lastMovement.get(id));
      if (s.day < 0) opening = balance.times(PER_UNIT[unit]!);
      if (s.day <= 9) closing = balance.times(PER_UNIT[unit]!);
    });
    // the export shows every amount in the item's current unit
    const per = PER_UNIT[unit]!;
    expected.push({ opening: opening.div(per), closing: closing.div(per), unit });
  }
  return expected;
}

describe('controlled ledger export', () => {
  it('reconciles opening + in − out = closing per item and per chemical (property, XLSX read back)', async () => {
    const h = createHarness();
    const cat = h.controlled.categories()[0]!;
    h.controlled.addCas(h.admin, { id: cat.id, cas: '143-33-9' });
    h.controlled.addCas(h.admin, { id: cat.id, cas: '151-50-8' });
    let conversions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(history, { minLength: 1, maxLength: 5 }), async (items) => {
        const expected = seed(h, items);
        const file = await h.controlled.exportLedger({ id: cat.id, from: FROM, to: TO, lang: 'en' });
        const { headers, rows } = await parseImportFile('ledger.xlsx', fs.readFileSync(file.path));
        fs.rmSync(file.path);
        expect(headers[col('second_user')]).toBe('Confirmed by (second person)');
        const closings = rows.filter((r) => r[col('kind')] === 'Closing balance');
        const totals = rows.filter((r) => r[col('kind')] === 'Total per chemical');
        for (const r of [...closings, ...totals]) {
          expect(dec(r[col('opening')]).plus(dec(r[col('in')])).minus(dec(r[col('out')])).eq(dec(r[col('balance')])), r.join('|')).toBe(true);
        }
        // Per item: the movements listed between opening and closing add up to the closing row's in/out.
        let open: string[] | null = null;
        let sumIn = new Big(0);
        let sumOut = new Big(0);
        let seen = 0;
        for (const r of rows) {
          if (r[col('kind')] === 'Opening balance') [open, sumIn, sumOut] = [r, new Big(0), new Big(0)];
          else if (r[col('kind')] === 'Closing balance') {
            expect(open).not.toBeNull();
            expect(sumIn.eq(dec(r[col('in')])) && sumOut.eq(dec(r[col('out')]))).toBe(true);
            const e = expected[Number(r[col('item')]!.slice(1)) - Number(h.dbs.lab.prepare('SELECT min(id) FROM inventory_items').pluck().get())]!;
            expect(dec(r[col('opening')]).eq(e.opening) && dec(r[col('balance')]).eq(e.closing), `${r.join('|')} vs ${e.opening} ${e.closing}`).toBe(true);
            expect(r[col('unit')]).toBe(e.unit);
            seen++;
          } else if (r[col('kind')] !== 'Total per chemical') {
            sumIn = sumIn.plus(dec(r[col('in')]));
            sumOut = sumOut.plus(dec(r[col('out')]));
            if (dec(r[col('out')]).gt(0)) expect(r[col('second_user')]).toBe('Bob');
          }
        }
        // Items listed: those holding stock at the start or moving in the range.
        expect(seen).toBe(expected.filter((e, i) => !e.opening.eq(0) || items[i]!.steps.some((s) => s.day >= 0 && s.day <= 9)).length);
        // Totals per chemical: one per CAS and convertible unit group.
        const volume = (u: string | undefined) => u === 'mL' || u === 'L';
        const groups = new Set(closings.map((r) => `${r[col('cas')]}|${volume(r[col('unit')]) ? 'v' : 'm'}`));
        expect(totals.length).toBe(groups.size);
        // Each total is its items' sum, converted to the total's unit.
        for (const t of totals) {
          const members = closings.filter((r) => r[col('cas')] === t[col('cas')] && volume(r[col('unit')]) === volume(t[col('unit')]));
          for (const c of ['opening', 'in', 'out', 'balance'] as const) {
            const sum = members.reduce((acc, r) => acc.plus(dec(r[col(c)]).times(PER_UNIT[r[col('unit')]!]!)), new Big(0));
            expect(sum.eq(dec(t[col(c)]).times(PER_UNIT[t[col('unit')]!]!)), `${c} ${t.join('|')}`).toBe(true);
          }
        }
        conversions += items.reduce((n, it) => n + it.steps.filter((st) => st.toggle === 0).length, 0);
      }),
      { numRuns: 40 },
    );
    expect(conversions).toBeGreaterThan(0); // the generator did exercise the unit conversion
  });

  it('refuses an end before the start, naming the field, and an unknown category', () => {
    const h = createHarness();
    expect(refusal(() => h.controlled.exportLedger({ id: 1, from: TO, to: FROM, lang: 'en' }))).toMatchObject({ code: 'validation', fields: { to: expect.objectContaining({ key: 'controlled.dateOrder' }) } });
    expect(refusal(() => h.controlled.exportLedger({ id: 99, from: FROM, to: TO, lang: 'en' }))).toMatchObject({ code: 'not_found' });
  });
});
