// Stocktakes (盘点) of a location subtree (lab.db v9): start, scan or tick, count, cancel; the close
// (stocktake-close.ts) and the report (stocktake-report.ts). Every change runs in one BEGIN
// IMMEDIATE transaction — two people scanning the same container at once count it once — and is
// announced afterwards as `stocktake-changed`, so every window showing the stocktake follows.
// The rules: README.md next to this file.
import path from 'node:path';
import type { UserInfo } from '../../shared/contract';
import type { CloseStocktakeInput, CountInput, StartStocktakeInput } from '../../shared/contract/stocktake';
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import type { MessageKey } from '../../shared/messages';
import { amountProblem, convert, MAX_DECIMALS, toDecimal, toNumber } from '../../shared/amounts';
import { parseLabelPayload } from '../../shared/label-payload';
import type { ScanResult, Stocktake, StocktakeDetail, StocktakeReview } from '../../shared/stocktake';
import type { LabelLanguage } from '../../shared/record-labels';
import type { RecordsDeps } from '../records/deps';
import { prepareCached } from '../db/statements';
import { subtreeIds } from '../records/location-tree';
import type { ExportFile } from '../records/export';
import { findStocktake, listStocktakes, openStocktake, stocktakeLines } from './stocktake-queries';
import { closeStocktake, reviewStocktake } from './stocktake-close';
import { writeStocktakeReport } from './stocktake-report';
import { readSnapshot, writeTransaction } from '../db/transaction';

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
/** The item's last ledger movement id (0: none): where a count stands in its ledger. */
const LAST_MOVEMENT = '(SELECT COALESCE(max(m.id), 0) FROM stock_movements m WHERE m.item_id = ?)';
const ENTITY = 'stocktake';
/** Containers that are physically somewhere: the ones a stocktake expects (borrowed ones included). */
const PRESENT = new Set(['in_stock', 'borrowed']);

interface ItemRow {
  id: number;
  name: string;
  status: string;
  quantity: number;
  unit: string;
  storage_location: string;
  location_id: number | null;
}

interface LineRow {
  expected: 0 | 1;
  expected_unit: string;
  /** The display name (the audit entry shows who saw it, not an id). */
  seen_by: string | null;
  seen_at: string | null;
  counted_amount: number | null;
  counted_unit: string | null;
}

export class StocktakeService {
  constructor(readonly deps: RecordsDeps) {}

  list(): Stocktake[] {
    return listStocktakes(this.deps.db);
  }

  get(id: number): StocktakeDetail {
    const db = this.deps.db;
    return readSnapshot(db, () => ({ ...findStocktake(db, id), lines: stocktakeLines(db, id) }));
  }

  /** Expected: every container in the subtree that is in stock or borrowed, with its amount now. */
  start(actor: UserInfo, input: StartStocktakeInput): Stocktake {
    const db = this.deps.db;
    const id = writeTransaction(db, () => {
      const loc = prepareCached(db, 'SELECT id, path FROM locations WHERE id = ?').get(input.location_id) as { id: number; path: string } | undefined;
      if (!loc) throw fieldInvalid('location_id', 'field.noSuchRecord');
      const mine = subtreeIds(db, loc.id);
      // One open stocktake per place: refused when either subtree contains the other.
      const open = prepareCached(db, `SELECT id, location_id, location_path FROM stocktakes WHERE status = 'open' ORDER BY id`).all() as Array<{ id: number; location_id: number | null; location_path: string }>;
      for (const o of open) {
        if (o.location_id !== null && (mine.includes(o.location_id) || subtreeIds(db, o.location_id).includes(loc.id))) {
          const params = { id: o.id, path: o.location_path };
          throw new AppError('conflict', 'stocktake.overlap', params, { fields: fieldError('location_id', 'stocktake.overlapField', params), details: { stocktake_id: o.id } });
        }
      }
      const last = prepareCached(db, 'SELECT COALESCE(max(id), 0) FROM stock_movements').pluck().get() as number;
      const st = Number(
        prepareCached(db, `INSERT INTO stocktakes (location_id, location_path, status, note, started_by, last_movement_id) VALUES (?, ?, 'open', ?, ?, ?)`).run(loc.id, loc.path, input.note ?? '', actor.id, last)
          .lastInsertRowid,
      );
      prepareCached(
        db,
        `INSERT INTO stocktake_lines (stocktake_id, item_id, expected, expected_amount, expected_unit, location_path, name, english_name, cas_number, specification)
         SELECT ?, id, 1, quantity, unit, storage_location, name, english_name, cas_number, specification FROM inventory_items
          WHERE location_id IN (SELECT value FROM json_each(?)) AND status IN ('in_stock', 'borrowed')`,
      ).run(st, JSON.stringify(mine));
      this.deps.audit.record({ userId: actor.id, entityType: ENTITY, entityId: st, action: 'start', changes: { name: [null, loc.path], location_id: [null, loc.id], ...(input.note ? { note: [null, input.note] } : {}) } });
      return st;
    });
    return this.announce(id);
  }

  /** A scanned label (`LAB1:<id>`). */
  scan(actor: UserInfo, id: number, payload: string): ScanResult {
    const itemId = parseLabelPayload(payload);
    if (itemId === null) throw fieldInvalid('payload', 'stocktake.notPayload');
    return this.see(actor, id, itemId);
  }

  /**
   * Marks a container seen (a scan or a tick). Seen already: nothing changes (it counts once).
   * Not on the list but present: added as found here (expected 0); the admin decides at close
   * whether it moves here. No such item, or one not present (used up, disposed): said so, no line.
   */
  see(actor: UserInfo, id: number, itemId: number): ScanResult {
    const db = this.deps.db;
    let changed = false;
    const res = writeTransaction(db, (): Omit<ScanResult, 'seen' | 'expected'> => {
      const st = openStocktake(db, id);
      const item = prepareCached(db, 'SELECT id, name, status, quantity, unit, storage_location, location_id FROM inventory_items WHERE id = ?').get(itemId) as ItemRow | undefined;
      const base = { item_id: itemId, name: item?.name ?? null, location_path: null, elsewhere: false, seen_by_name: null, status: item?.status ?? null };
      const line = prepareCached(db, 'SELECT l.seen_at, u.display_name AS seen_by_name FROM stocktake_lines l LEFT JOIN users u ON u.id = l.seen_by WHERE l.stocktake_id = ? AND l.item_id = ?').get(id, itemId) as
        | { seen_at: string | null; seen_by_name: string | null }
        | undefined;
      if (line) {
        if (line.seen_at) return { ...base, result: 'already', seen_by_name: line.seen_by_name };
        prepareCached(db, `UPDATE stocktake_lines SET seen_by = ?, seen_at = ${NOW}, seen_movement_id = ${LAST_MOVEMENT} WHERE stocktake_id = ? AND item_id = ?`).run(actor.id, itemId, id, itemId);
        changed = true;
        return { ...base, result: 'seen' };
      }
      if (!item) return { ...base, result: 'unknown' };
      if (!PRESENT.has(item.status)) return { ...base, result: 'not_present' };
      const elsewhere = item.location_id === null || st.location_id === null || !subtreeIds(db, st.location_id).includes(item.location_id);
      prepareCached(
        db,
        `INSERT INTO stocktake_lines (stocktake_id, item_id, expected, expected_amount, expected_unit, location_path, name, english_name, cas_number, specification, seen_by, seen_at, seen_movement_id)
         SELECT ?, id, 0, quantity, unit, storage_location, name, english_name, cas_number, specification, ?, ${NOW}, ${LAST_MOVEMENT} FROM inventory_items WHERE id = ?`,
      ).run(id, actor.id, itemId, itemId);
      changed = true;
      return { ...base, result: 'found', location_path: item.storage_location, elsewhere };
    });
    const progress = changed ? this.announce(id) : findStocktake(db, id);
    return { ...res, seen: progress.seen, expected: progress.expected };
  }

  /**
   * Takes back a tick: the line is unseen again (its count cleared); a found line goes. It erases
   * who saw the container, so the audit log keeps who took it back and what it said.
   */
  untick(actor: UserInfo, id: number, itemId: number): Stocktake {
    const db = this.deps.db;
    writeTransaction(db, () => {
      openStocktake(db, id);
      const line = this.line(id, itemId);
      if (line.expected === 0) prepareCached(db, 'DELETE FROM stocktake_lines WHERE stocktake_id = ? AND item_id = ?').run(id, itemId);
      else prepareCached(db, 'UPDATE stocktake_lines SET seen_by = NULL, seen_at = NULL, seen_movement_id = NULL, counted_amount = NULL, counted_unit = NULL WHERE stocktake_id = ? AND item_id = ?').run(id, itemId);
      this.deps.audit.record({
        userId: actor.id, entityType: ENTITY, entityId: id, action: 'untick',
        changes: { item_id: [itemId, itemId], seen_by: [line.seen_by, null], seen_at: [line.seen_at, null], counted_amount: [line.counted_amount, null], ...(line.expected === 0 ? { found: [true, null] } : {}) },
      });
    });
    return this.announce(id);
  }

  /** The counted amount of a container on the list (in any unit convertible to the item's); it is seen too. */
  count(actor: UserInfo, input: CountInput): Stocktake {
    const db = this.deps.db;
    writeTransaction(db, () => {
      openStocktake(db, input.id);
      const line = this.line(input.id, input.item_id);
      const itemUnit = (prepareCached(db, 'SELECT unit FROM inventory_items WHERE id = ?').pluck().get(input.item_id) as string | undefined) ?? line.expected_unit;
      const from = input.unit ? input.unit : itemUnit;
      const amount = convert(toDecimal(input.amount), from, itemUnit);
      if (!amount) throw fieldInvalid('unit', 'stock.unitNotConvertible', { unit: from, itemUnit: itemUnit || '—' });
      const problem = amountProblem(toNumber(amount), { allowZero: true });
      if (problem || amount.round(MAX_DECIMALS).cmp(amount) !== 0) throw fieldInvalid('amount', (problem ?? 'field.decimals') as MessageKey, { max: MAX_DECIMALS });
      // The count is of this moment: uses recorded later are added to it at close.
      prepareCached(
        db,
        `UPDATE stocktake_lines SET counted_amount = ?, counted_unit = ?, seen_by = COALESCE(seen_by, ?), seen_at = COALESCE(seen_at, ${NOW}), seen_movement_id = ${LAST_MOVEMENT} WHERE stocktake_id = ? AND item_id = ?`,
      ).run(toNumber(amount), itemUnit, actor.id, input.item_id, input.id, input.item_id);
      this.deps.audit.record({
        userId: actor.id, entityType: ENTITY, entityId: input.id, action: 'count',
        changes: { item_id: [input.item_id, input.item_id], counted_amount: [line.counted_amount, toNumber(amount)], counted_unit: [line.counted_unit, itemUnit] },
      });
    });
    return this.announce(input.id);
  }

  /** Nothing is adjusted; the lines stay for the record. */
  cancel(actor: UserInfo, id: number): Stocktake {
    const db = this.deps.db;
    writeTransaction(db, () => {
      openStocktake(db, id);
      prepareCached(db, `UPDATE stocktakes SET status = 'cancelled', closed_by = ?, closed_at = ${NOW} WHERE id = ?`).run(actor.id, id);
      this.deps.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action: 'cancel', changes: { status: ['open', 'cancelled'] } });
    });
    return this.announce(id);
  }

  review(id: number): StocktakeReview {
    const db = this.deps.db;
    return readSnapshot(db, () => reviewStocktake(db, openStocktake(db, id)));
  }

  close(actor: UserInfo, input: CloseStocktakeInput): Stocktake {
    closeStocktake(this.deps, actor, input);
    return this.announce(input.id);
  }

  /** The report (XLSX in `lang`), for any stocktake, as often as asked: the lines are kept. */
  report(id: number, lang: LabelLanguage): Promise<ExportFile> {
    const detail = this.get(id);
    return writeStocktakeReport(path.join(path.dirname(this.deps.db.name), 'exports'), lang, detail);
  }

  private line(id: number, itemId: number): LineRow {
    const line = prepareCached(this.deps.db, 'SELECT l.expected, l.expected_unit, u.display_name AS seen_by, l.seen_at, l.counted_amount, l.counted_unit FROM stocktake_lines l LEFT JOIN users u ON u.id = l.seen_by WHERE l.stocktake_id = ? AND l.item_id = ?').get(id, itemId) as
      | LineRow
      | undefined;
    if (!line) throw fieldInvalid('item_id', 'stocktake.notOnList');
    return line;
  }

  /** Tells every window the stocktake's progress (after the commit; a failing listener never undoes it). */
  private announce(id: number): Stocktake {
    const st = findStocktake(this.deps.db, id);
    try {
      this.deps.events.emit({ type: 'stocktake-changed', id, seen: st.seen, expected: st.expected, status: st.status });
    } catch (e) {
      this.deps.log.error({ id, err: e instanceof Error ? e.message : String(e) }, 'stocktake-changed event failed');
    }
    return st;
  }
}
