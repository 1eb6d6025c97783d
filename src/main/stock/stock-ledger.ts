// The stock ledger (台账): every change of an item's amount is a movement row written in the same
// unit as the change (stores/stock-movement-store.ts). The model: README.md.
import type { NewMovement } from '../stores/stock-movement-store';
import type Big from 'big.js';
import type { InventoryItem } from '../../shared/records';
import { canonicalUnit, convert, MAX_DECIMALS, toDecimal, toNumber } from '../../shared/amounts';
import { SYSTEM_REASONS } from '../../shared/stock-actions';
import { fieldInvalid } from '../../shared/errors';

/** A movement as the write paths give it (the store fills in what is left out). */
export type MovementInput = NewMovement;

/** The `received` movement of a new item: what it holds when it enters the inventory. */
export function receivedMovement(itemId: number, values: Record<string, unknown>, userId: number | null, orderId: number | null = null): MovementInput {
  const amount = Number(values.quantity);
  return {
    item_id: itemId, user_id: userId, kind: 'received', amount, delta: amount, unit: String(values.unit ?? ''), balance_after: amount, order_id: orderId,
    to_location_id: (values.location_id as number | null | undefined) ?? null, to_location: (values.storage_location as string | undefined) || null,
  };
}

/**
 * What an edit through the item form does to the ledger (InventoryService.update writes it in the
 * edit's transaction). The quantity as sent is in the unit as sent. A unit change converts within
 * its dimension: without a quantity in the edit the balance (and the container size and minimum
 * stock, when not sent either, and what is out on loan) are converted into the new unit; across dimensions it is refused
 * naming `unit` — the movements so far would no longer add up. An item without a unit may get one.
 * Returns the `adjusted` movement (reason "edited") for a changed balance, or null; sets
 * `next.quantity` etc. when it converted them.
 */
export function editedAmount(before: InventoryItem, next: Record<string, unknown>): Omit<MovementInput, 'item_id' | 'user_id'> | null {
  const oldUnit = canonicalUnit(before.unit);
  const newUnit = next.unit !== undefined ? String(next.unit) : oldUnit;
  const oldBalance = toDecimal(before.quantity);
  let oldInNew = oldBalance;
  if (newUnit !== oldUnit) {
    const converted = convert(oldBalance, oldUnit, newUnit);
    if (converted) oldInNew = converted;
    else if (oldUnit !== '') throw fieldInvalid('unit', 'stock.unitNotConvertible', { unit: newUnit || '—', itemUnit: oldUnit });
    if (converted && next.quantity === undefined) {
      next.quantity = exactIn(converted, 'quantity');
      // borrowed_amount too: a return compares what comes back with it, in the item's unit
      for (const f of ['container_size', 'min_stock', 'borrowed_amount'] as const) {
        const v = before[f];
        if (next[f] === undefined && v != null) next[f] = exactIn(convert(toDecimal(v), oldUnit, newUnit)!, f);
      }
    }
  }
  const balance = next.quantity !== undefined ? toDecimal(next.quantity as number) : oldInNew;
  const delta = balance.minus(oldInNew);
  if (delta.eq(0) && newUnit === oldUnit) return null;
  return { kind: 'adjusted', amount: toNumber(delta.abs()), delta: toNumber(delta), unit: newUnit, balance_after: toNumber(balance), reason: SYSTEM_REASONS.edited };
}

/** A converted amount, refused (naming `field`) when the new unit needs more decimals than stored. */
function exactIn(v: Big, field: string): number {
  if (v.round(MAX_DECIMALS).cmp(v) !== 0) throw fieldInvalid(field, 'field.decimals', { max: MAX_DECIMALS });
  return toNumber(v);
}
