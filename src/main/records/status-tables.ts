// The lab's workflows as data: which action moves a record from which statuses to which.
// Services look actions up here, so an illegal transition is refused in one place with a
// `conflict` that names the current status.
import { AppError } from '../../shared/errors';
import type { ConsumableOrderStatus, InventoryStatus, ReagentOrderStatus } from '../../shared/records';

interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

export const INVENTORY_TRANSITIONS = {
  borrow: { from: ['in_stock'], to: 'borrowed' },
  return: { from: ['borrowed'], to: 'in_stock' },
  consume: { from: ['in_stock', 'borrowed'], to: 'consumed' },
  dispose: { from: ['in_stock', 'borrowed', 'consumed'], to: 'disposed' },
} as const satisfies Record<string, Transition<InventoryStatus>>;

export const REAGENT_TRANSITIONS = {
  approve: { from: ['pending_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  arrive: { from: ['approved'], to: 'arrived' },
  stock_in: { from: ['arrived'], to: 'stocked_in' },
} as const satisfies Record<string, Transition<ReagentOrderStatus>>;

export const CONSUMABLE_TRANSITIONS = {
  approve: { from: ['pending_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  complete: { from: ['approved'], to: 'completed' },
} as const satisfies Record<string, Transition<ConsumableOrderStatus>>;

/** Orders can be edited only while pending approval; deleted while pending or after rejection. */
export const EDITABLE_ORDER_STATUSES = ['pending_approval'] as const;
export const DELETABLE_ORDER_STATUSES = ['pending_approval', 'rejected'] as const;

export function checkTransition<S extends string>(t: Transition<S>, action: string, what: string, current: S): S {
  if (!(t.from as readonly string[]).includes(current)) {
    throw new AppError('conflict', `Cannot ${action.replace('_', ' ')} ${what}: its status is "${current}" (needs ${t.from.map((f) => `"${f}"`).join(' or ')}).`, { status: current });
  }
  return t.to;
}

export function checkStatusIn(allowed: readonly string[], action: string, what: string, current: string): void {
  if (!allowed.includes(current)) {
    throw new AppError('conflict', `Cannot ${action} ${what}: its status is "${current}" (only ${allowed.map((f) => `"${f}"`).join(' or ')}).`, { status: current });
  }
}
