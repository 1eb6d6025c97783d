// Stocktakes (盘点) of a location subtree (lab.db v9): start, scan or tick, count, cancel; the close
// (stocktake-close.ts) and the report (stocktake-report.ts). Every change runs in one write unit
// (BEGIN IMMEDIATE) — two people scanning the same container at once count it once — and is
// announced afterwards as `stocktake-changed`, so every window showing the stocktake follows.
// The rules: README.md next to this file.
import type { UserInfo } from '../../shared/contract';
import type { CloseStocktakeInput, CountInput, StartStocktakeInput } from '../../shared/contract/stocktake';
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import type { MessageKey } from '../../shared/messages';
import { amountProblem, convert, MAX_DECIMALS, toDecimal, toNumber } from '../../shared/amounts';
import { parseLabelPayload } from '../../shared/label-payload';
import type { ScanResult, Stocktake, StocktakeDetail, StocktakeReview } from '../../shared/stocktake';
import type { LabelLanguage } from '../../shared/record-labels';
import type { RecordsDeps } from '../records/deps';
import { subtreeIds } from '../locations/location-tree';
import type { ExportFile } from '../list-export/export-file';
import type { StocktakeLineState } from '../stores/stocktake-store';
import type { LabReads } from '../stores/lab-data';
import { recordAudit } from '../audit/audit-log';
import { findStocktake, openStocktake } from './stocktake-queries';
import { closeStocktake, reviewStocktake } from './stocktake-close';
import { writeStocktakeReport } from './stocktake-report';

const ENTITY = 'stocktake';
/** Containers that are physically somewhere: the ones a stocktake expects (borrowed ones included). */
const PRESENT = new Set(['in_stock', 'borrowed']);

export interface StocktakeDeps extends RecordsDeps {
  /** Where a report is written (the data directory's exports). */
  exportsDir: string;
}

export class StocktakeService {
  constructor(readonly deps: StocktakeDeps) {}

  list(): Promise<Stocktake[]> {
    return this.deps.data.read((r) => r.stocktakes.all());
  }

  get(id: number): Promise<StocktakeDetail> {
    return this.deps.data.read(async (r) => ({ ...(await findStocktake(r.stocktakes, id)), lines: await r.stocktakes.lines(id) }));
  }

  /** Expected: every container in the subtree that is in stock or borrowed, with its amount now. */
  async start(actor: UserInfo, input: StartStocktakeInput): Promise<Stocktake> {
    const id = await this.deps.data.withWriteTransaction(async (tx) => {
      const locationPath = await tx.locations.pathOf(input.location_id);
      if (locationPath === undefined) throw fieldInvalid('location_id', 'field.noSuchRecord');
      const loc = { id: input.location_id, path: locationPath };
      const mine = await subtreeIds(tx.locations, loc.id);
      // One open stocktake per place: refused when either subtree contains the other.
      for (const o of await tx.stocktakes.open()) {
        if (o.location_id !== null && (mine.includes(o.location_id) || (await subtreeIds(tx.locations, o.location_id)).includes(loc.id))) {
          const params = { id: o.id, path: o.location_path };
          throw new AppError('conflict', 'stocktake.overlap', params, { fields: fieldError('location_id', 'stocktake.overlapField', params), details: { stocktake_id: o.id } });
        }
      }
      const st = await tx.stocktakes.insert({ locationId: loc.id, locationPath: loc.path, note: input.note ?? '', startedBy: actor.id, lastMovementId: await tx.movements.lastId() });
      await tx.stocktakes.insertExpectedLines(st, mine);
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: st, action: 'start', changes: { name: [null, loc.path], location_id: [null, loc.id], ...(input.note ? { note: [null, input.note] } : {}) } });
      return st;
    });
    return this.announce(id);
  }

  /** A scanned label (`LAB1:<id>`). */
  async scan(actor: UserInfo, id: number, payload: string): Promise<ScanResult> {
    const itemId = parseLabelPayload(payload);
    if (itemId === null) throw fieldInvalid('payload', 'stocktake.notPayload');
    return this.see(actor, id, itemId);
  }

  /**
   * Marks a container seen (a scan or a tick). Seen already: nothing changes (it counts once).
   * Not on the list but present: added as found here (expected 0); the admin decides at close
   * whether it moves here. No such item, or one not present (used up, disposed): said so, no line.
   */
  async see(actor: UserInfo, id: number, itemId: number): Promise<ScanResult> {
    let changed = false;
    const res = await this.deps.data.withWriteTransaction(async (tx): Promise<Omit<ScanResult, 'seen' | 'expected'>> => {
      const st = await openStocktake(tx.stocktakes, id);
      const item = await tx.inventory.byId(itemId);
      const base = { item_id: itemId, name: item?.name ?? null, location_path: null, elsewhere: false, seen_by_name: null, status: item?.status ?? null };
      const line = await tx.stocktakes.line(id, itemId);
      if (line) {
        if (line.seen_at) return { ...base, result: 'already', seen_by_name: line.seen_by };
        await tx.stocktakes.markSeen(id, itemId, actor.id);
        changed = true;
        return { ...base, result: 'seen' };
      }
      if (!item) return { ...base, result: 'unknown' };
      if (!PRESENT.has(item.status)) return { ...base, result: 'not_present' };
      const elsewhere = item.location_id === null || st.location_id === null || !(await subtreeIds(tx.locations, st.location_id)).includes(item.location_id);
      await tx.stocktakes.insertFoundLine(id, itemId, actor.id);
      changed = true;
      return { ...base, result: 'found', location_path: item.storage_location, elsewhere };
    });
    const progress = changed ? await this.announce(id) : await this.deps.data.read((r) => findStocktake(r.stocktakes, id));
    return { ...res, seen: progress.seen, expected: progress.expected };
  }

  /**
   * Takes back a tick: the line is unseen again (its count cleared); a found line goes. It erases
   * who saw the container, so the audit log keeps who took it back and what it said.
   */
  async untick(actor: UserInfo, id: number, itemId: number): Promise<Stocktake> {
    await this.deps.data.withWriteTransaction(async (tx) => {
      await openStocktake(tx.stocktakes, id);
      const line = await lineOf(tx, id, itemId);
      if (line.expected === 0) await tx.stocktakes.deleteLine(id, itemId);
      else await tx.stocktakes.markUnseen(id, itemId);
      await recordAudit(tx, {
        userId: actor.id, entityType: ENTITY, entityId: id, action: 'untick',
        changes: { item_id: [itemId, itemId], seen_by: [line.seen_by, null], seen_at: [line.seen_at, null], counted_amount: [line.counted_amount, null], ...(line.expected === 0 ? { found: [true, null] } : {}) },
      });
    });
    return this.announce(id);
  }

  /** The counted amount of a container on the list (in any unit convertible to the item's); it is seen too. */
  async count(actor: UserInfo, input: CountInput): Promise<Stocktake> {
    await this.deps.data.withWriteTransaction(async (tx) => {
      await openStocktake(tx.stocktakes, input.id);
      const line = await lineOf(tx, input.id, input.item_id);
      const itemUnit = (await tx.inventory.byId(input.item_id))?.unit ?? line.expected_unit;
      const from = input.unit ? input.unit : itemUnit;
      const amount = convert(toDecimal(input.amount), from, itemUnit);
      if (!amount) throw fieldInvalid('unit', 'stock.unitNotConvertible', { unit: from, itemUnit: itemUnit || '—' });
      const problem = amountProblem(toNumber(amount), { allowZero: true });
      if (problem || amount.round(MAX_DECIMALS).cmp(amount) !== 0) throw fieldInvalid('amount', (problem ?? 'field.decimals') as MessageKey, { max: MAX_DECIMALS });
      // The count is of this moment: uses recorded later are added to it at close.
      await tx.stocktakes.setCount(input.id, input.item_id, toNumber(amount), itemUnit, actor.id);
      await recordAudit(tx, {
        userId: actor.id, entityType: ENTITY, entityId: input.id, action: 'count',
        changes: { item_id: [input.item_id, input.item_id], counted_amount: [line.counted_amount, toNumber(amount)], counted_unit: [line.counted_unit, itemUnit] },
      });
    });
    return this.announce(input.id);
  }

  /** Nothing is adjusted; the lines stay for the record. */
  async cancel(actor: UserInfo, id: number): Promise<Stocktake> {
    await this.deps.data.withWriteTransaction(async (tx) => {
      await openStocktake(tx.stocktakes, id);
      await tx.stocktakes.cancel(id, actor.id);
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: id, action: 'cancel', changes: { status: ['open', 'cancelled'] } });
    });
    return this.announce(id);
  }

  review(id: number): Promise<StocktakeReview> {
    return this.deps.data.read(async (r) => reviewStocktake(r, await openStocktake(r.stocktakes, id)));
  }

  async close(actor: UserInfo, input: CloseStocktakeInput): Promise<Stocktake> {
    await closeStocktake(this.deps, actor, input);
    return this.announce(input.id);
  }

  /** The report (XLSX in `lang`), for any stocktake, as often as asked: the lines are kept. */
  async report(id: number, lang: LabelLanguage): Promise<ExportFile> {
    const detail = await this.get(id);
    return writeStocktakeReport(this.deps.exportsDir, lang, detail);
  }

  /** Tells every window the stocktake's progress (after the commit, read in a unit of its own; a failing listener never undoes it). */
  private async announce(id: number): Promise<Stocktake> {
    const st = await this.deps.data.read((r) => findStocktake(r.stocktakes, id));
    try {
      this.deps.events.emit({ type: 'stocktake-changed', id, seen: st.seen, expected: st.expected, status: st.status });
    } catch (e) {
      this.deps.log.error({ id, err: e instanceof Error ? e.message : String(e) }, 'stocktake-changed event failed');
    }
    return st;
  }
}

async function lineOf(r: Pick<LabReads, 'stocktakes'>, id: number, itemId: number): Promise<StocktakeLineState> {
  const line = await r.stocktakes.line(id, itemId);
  if (!line) throw fieldInvalid('item_id', 'stocktake.notOnList');
  return line;
}
