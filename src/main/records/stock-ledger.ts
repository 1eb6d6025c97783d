// The stock ledger (台账): every change of an item's amount is a movement row written in the same
// transaction as the change. The model: src/main/records/README.md ("Stock").
import type { Db } from '../db/open';
import type { MovementKind } from '../../shared/stock';
import { prepareCached } from '../db/statements';
import { insertMany } from './bulk-insert';

export interface MovementInput {
  item_id: number;
  user_id: number | null;
  kind: MovementKind;
  amount: number;
  delta: number;
  unit: string;
  balance_after: number;
  reason?: string;
  order_id?: number | null;
  second_user_id?: number | null;
  from_location_id?: number | null;
  to_location_id?: number | null;
  from_location?: string | null;
  to_location?: string | null;
  related_item_id?: number | null;
  due_date?: string | null;
  stocktake_id?: number | null;
}

const COLS = ['item_id', 'user_id', 'kind', 'amount', 'delta', 'unit', 'balance_after', 'reason', 'order_id', 'second_user_id', 'from_location_id', 'to_location_id', 'from_location', 'to_location', 'related_item_id', 'due_date', 'stocktake_id'] as const;

function row(m: MovementInput): Record<string, string | number | null> {
  return Object.fromEntries(COLS.map((c) => [c, m[c] ?? (c === 'reason' ? '' : null)]));
}

/** Writes one movement inside the caller's transaction. */
export function writeMovement(db: Db, m: MovementInput): number {
  return Number(prepareCached(db, `INSERT INTO stock_movements (${COLS.join(', ')}) VALUES (${COLS.map(() => '?').join(', ')})`).run(...COLS.map((c) => row(m)[c])).lastInsertRowid);
}

/** Writes many movements in one statement inside the caller's transaction (bulk import). */
export function writeMovements(db: Db, ms: readonly MovementInput[]): void {
  if (ms.length) insertMany(db, 'stock_movements', ms.map(row));
}

/** The `received` movement of a new item: what it holds when it enters the inventory. */
export function receivedMovement(itemId: number, values: Record<string, unknown>, userId: number | null, orderId: number | null = null): MovementInput {
  const amount = Number(values.quantity);
  return {
    item_id: itemId, user_id: userId, kind: 'received', amount, delta: amount, unit: String(values.unit ?? ''), balance_after: amount, order_id: orderId,
    to_location_id: (values.location_id as number | null | undefined) ?? null, to_location: (values.storage_location as string | undefined) || null,
  };
}
