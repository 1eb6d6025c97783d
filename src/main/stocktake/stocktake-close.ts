// Closing a stocktake: the review (what was not seen, counted differently, found from elsewhere, or
// moved in the ledger since the start) and the close itself — the admin's decisions become
// `adjusted` (and, for found containers, `moved`) movements carrying the stocktake's id and the
// reason "stocktake #N", with the items, the lines' outcomes and the audit entries, all in one
// write unit (BEGIN IMMEDIATE). A controlled chemical among the adjusted items needs a second
// person (stock/second-person.ts), stored on those movements.
import type Big from 'big.js';
import type { UserInfo } from '../../shared/contract';
import type { CloseStocktakeInput } from '../../shared/contract/stocktake';
import { fieldInvalid } from '../../shared/errors';
import { convert, toDecimal, toNumber } from '../../shared/amounts';
import { STOCK_ACTION_FROM } from '../../shared/stock-actions';
import type { InventoryStatus } from '../../shared/records';
import { stocktakeReason, type LineOutcome, type ReviewEntry, type Stocktake, type StocktakeLine, type StocktakeReview } from '../../shared/stocktake';
import { afterCommit, type RecordsDeps } from '../records/deps';
import { locationById, subtreeIds } from '../locations/location-tree';
import { derivedColumns } from '../records/search';
import { confirmSecondPerson, secondPersonMissing } from '../stock/second-person';
import type { LabReads } from '../stores/lab-data';
import { recordAudit } from '../audit/audit-log';
import { openStocktake } from './stocktake-queries';

const ENDPOINT = '/inventory/' as const;

/** The counted amount in the item's unit now (null: not counted, or the unit changed across dimensions). */
function countedNow(l: StocktakeLine): Big | null {
  if (l.counted_amount === null || l.unit === null) return null;
  return convert(toDecimal(l.counted_amount), l.counted_unit ?? l.unit, l.unit);
}

/**
 * What the ledger recorded for the item after the line was counted (uses, returns, adjustments; not
 * this stocktake's own), in the item's unit: the count plus this is the amount now. Null: nothing,
 * or a movement in a unit that does not convert (the count then stands as it is).
 */
async function changeSince(movements: LabReads['movements'], st: Stocktake, l: StocktakeLine): Promise<Big | null> {
  if (l.counted_amount === null || l.seen_movement_id === null || l.unit === null) return null;
  const rows = await movements.deltasAfter(l.item_id, l.seen_movement_id, st.id);
  let sum = toDecimal(0);
  for (const r of rows) {
    const d = convert(toDecimal(r.delta), r.unit, l.unit);
    if (!d) return null;
    sum = sum.plus(d);
  }
  return sum.eq(0) ? null : sum;
}

async function entry(movements: LabReads['movements'], st: Stocktake, l: StocktakeLine, subtree: ReadonlySet<number>, itemLocation: number | null): Promise<ReviewEntry> {
  // Nowhere to move to once the stocktake's location is gone (the subtree is then empty).
  const counted = countedNow(l);
  const since = counted ? await changeSince(movements, st, l) : null;
  // A count cannot go below zero however much was used after it.
  const sum = counted && since ? counted.plus(since) : counted;
  const target = sum?.lt(0) ? toDecimal(0) : sum;
  return {
    item_id: l.item_id, name: l.name, cas_number: l.cas_number, location_path: l.location_path, storage_location: l.storage_location, status: l.status,
    expected_amount: l.expected_amount, balance: l.quantity, unit: l.unit, counted: counted ? toNumber(counted) : null,
    since: since ? toNumber(since) : null, target: target ? toNumber(target) : null, controlled: l.controlled !== null, moved: l.moved,
    adjustable: l.status !== null && STOCK_ACTION_FROM.adjust.includes(l.status as InventoryStatus),
    movable: subtree.size > 0 && (l.status === 'in_stock' || l.status === 'borrowed') && (itemLocation === null || !subtree.has(itemLocation)),
  };
}

/** Counted, and the count (with what was recorded since) differs from the balance now. */
function countedDiffers(e: ReviewEntry): boolean {
  return e.target !== null && e.balance !== null && toDecimal(e.target).cmp(toDecimal(e.balance)) !== 0;
}

/** The review of the open stocktake `st`, read in the caller's unit `r` (a read unit, or the close's write unit). */
export async function reviewStocktake(r: Pick<LabReads, 'stocktakes' | 'movements' | 'locations'>, st: Stocktake): Promise<StocktakeReview> {
  const subtree = new Set(st.location_id === null ? [] : await subtreeIds(r.locations, st.location_id));
  const locations = new Map((await r.stocktakes.itemLocations(st.id)).map((row) => [row.item_id, row.location_id]));
  const review: StocktakeReview = { stocktake: st, missing: [], counted: [], found: [], moved: [] };
  for (const l of await r.stocktakes.lines(st.id)) {
    const e = await entry(r.movements, st, l, subtree, locations.get(l.item_id) ?? null);
    if (l.expected === 1 && !l.seen_at) review.missing.push(e);
    if (l.seen_at && countedDiffers(e)) review.counted.push(e);
    if (l.expected === 0) review.found.push(e);
    if (l.moved) review.moved.push(e);
  }
  return review;
}

interface Plan {
  entry: ReviewEntry;
  outcome: LineOutcome;
  /** Set the balance to this. */
  adjustTo?: Big;
  move?: boolean;
}

/** Decides every line from the admin's input; refuses (naming the field) before anything is written. */
function plan(review: StocktakeReview, lines: StocktakeLine[], input: CloseStocktakeInput): Plan[] {
  const byId = new Map([...review.missing, ...review.counted, ...review.found].map((e) => [e.item_id, e]));
  const missing = new Map(review.missing.map((e) => [e.item_id, e]));
  const decided = new Map<number, 'zero' | 'keep'>();
  input.missing.forEach((d, i) => {
    if (!missing.has(d.item_id)) throw fieldInvalid(`missing.${i}.item_id`, 'stocktake.notOnList');
    if (d.action === 'zero' && !missing.get(d.item_id)!.adjustable) throw fieldInvalid(`missing.${i}.action`, 'stocktake.notAdjustable');
    decided.set(d.item_id, d.action);
  });
  const undecided = review.missing.filter((e) => !decided.has(e.item_id)).length;
  if (undecided > 0) throw fieldInvalid('missing', 'stocktake.decideMissing', { count: undecided });
  const found = new Map(review.found.map((e) => [e.item_id, e]));
  input.move.forEach((itemId, i) => {
    const e = found.get(itemId);
    if (!e) throw fieldInvalid(`move.${i}`, 'stocktake.notFoundLine');
    if (!e.movable) throw fieldInvalid(`move.${i}`, 'stocktake.notMovable');
  });
  const keep = new Set(input.keep);
  const move = new Set(input.move);
  const counted = new Set(review.counted.map((e) => e.item_id));
  return lines.map((l): Plan => {
    const e = byId.get(l.item_id) ?? ({ item_id: l.item_id } as ReviewEntry);
    if (missing.has(l.item_id)) return decided.get(l.item_id) === 'zero' ? { entry: e, outcome: 'missing', adjustTo: toDecimal(0) } : { entry: e, outcome: 'kept' };
    const adjust = counted.has(l.item_id) && !keep.has(l.item_id) && e.adjustable;
    const p: Plan = { entry: e, outcome: adjust ? 'adjusted' : counted.has(l.item_id) ? 'kept' : 'ok', ...(adjust ? { adjustTo: toDecimal(e.target!) } : {}) };
    if (l.expected === 0) {
      p.move = move.has(l.item_id);
      p.outcome = p.move ? 'moved' : adjust ? 'adjusted' : 'kept';
    }
    return p;
  });
}

/** Whether closing now would change a controlled chemical's amount (then a second person is needed). */
function changesControlled(plans: Plan[]): boolean {
  return plans.some((p) => p.adjustTo && p.entry.controlled && toDecimal(p.entry.balance ?? 0).cmp(p.adjustTo) !== 0);
}

export async function closeStocktake(deps: RecordsDeps, actor: UserInfo, input: CloseStocktakeInput): Promise<void> {
  const touched: number[] = [];
  // The second person's password (scrypt, slow) is checked between a read unit and the write unit,
  // outside both; the controlled state is decided again under the lock (a count or a flag may
  // change in between).
  const needed = await deps.data.read(async (r) => {
    const st = await openStocktake(r.stocktakes, input.id);
    return changesControlled(plan(await reviewStocktake(r, st), await r.stocktakes.lines(st.id), input));
  });
  const checked = needed && input.second_person ? await confirmSecondPerson(deps.data, actor.id, input.second_person) : null;
  await deps.data.withWriteTransaction(async (tx) => {
    const st = await openStocktake(tx.stocktakes, input.id);
    const plans = plan(await reviewStocktake(tx, st), await tx.stocktakes.lines(st.id), input);
    const controlled = changesControlled(plans);
    if (controlled && checked === null) throw secondPersonMissing();
    const second = controlled ? checked : null;
    let adjusted = 0;
    let moved = 0;
    const reason = stocktakeReason(st.id);
    const target = st.location_id === null ? null : await locationById(tx.locations, st.location_id);
    for (const p of plans) {
      let movementId: number | null = null;
      const item = p.adjustTo || p.move ? ((await tx.inventory.byId(p.entry.item_id)) ?? null) : null;
      if (item && p.move && target) {
        await tx.inventory.update(item.id, { location_id: target.location_id, storage_location: target.storage_location, ...derivedColumns(ENDPOINT, { ...item, storage_location: target.storage_location }) });
        movementId = await tx.movements.insert({
          item_id: item.id, user_id: actor.id, kind: 'moved', amount: item.quantity, delta: 0, unit: item.unit, balance_after: item.quantity, reason, stocktake_id: st.id,
          from_location_id: item.location_id, to_location_id: target.location_id, from_location: item.storage_location || null, to_location: target.storage_location,
        });
        await recordAudit(tx, { userId: actor.id, entityType: 'inventory_item', entityId: item.id, action: 'move', changes: { storage_location: [item.storage_location, target.storage_location], stocktake: [null, st.id] } });
        moved++;
      }
      if (item && p.adjustTo) {
        const balance = toDecimal(item.quantity);
        const delta = p.adjustTo.minus(balance);
        if (!delta.eq(0)) {
          const status = p.adjustTo.eq(0) ? 'consumed' : 'in_stock';
          movementId = await tx.movements.insert({
            item_id: item.id, user_id: actor.id, second_user_id: item.controlled !== null ? second : null, kind: 'adjusted', amount: toNumber(delta.abs()), delta: toNumber(delta), unit: item.unit,
            balance_after: toNumber(p.adjustTo), reason, stocktake_id: st.id,
          });
          await tx.inventory.update(item.id, { quantity: toNumber(p.adjustTo), status });
          const changes: Record<string, [unknown, unknown]> = { quantity: [item.quantity, toNumber(p.adjustTo)], stocktake: [null, st.id] };
          if (status !== item.status) changes.status = [item.status, status];
          await recordAudit(tx, { userId: actor.id, entityType: 'inventory_item', entityId: item.id, action: 'adjust', changes });
          adjusted++;
        }
      }
      if (item) touched.push(item.id);
      await tx.stocktakes.setOutcome(st.id, p.entry.item_id, p.outcome, movementId);
    }
    await tx.stocktakes.close(st.id, actor.id);
    const secondName = second !== null ? (await tx.users.byId(second))?.display_name : undefined;
    await recordAudit(tx, {
      userId: actor.id, entityType: 'stocktake', entityId: st.id, action: 'close',
      changes: { status: ['open', 'closed'], adjusted: [null, adjusted], moved: [null, moved], ...(second !== null ? { second_person: [null, secondName] } : {}) },
    });
  });
  afterCommit(deps, [{ endpoint: ENDPOINT, ids: touched, bulk: touched.length > 1 }]);
}
