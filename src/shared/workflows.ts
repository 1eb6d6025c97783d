// The lab's workflows as data: which action moves a record from which statuses to which, and in
// which statuses an order may be edited or deleted. The services refuse what the tables do not
// allow (src/main/records/status-tables.ts); the list pages offer only what they allow.
import type { ConsumableOrderStatus, ReagentOrderStatus } from './records';

export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

// Inventory items move by amounts: where each stock action starts is STOCK_ACTION_FROM in
// ./stock-actions.ts (the status an action leaves depends on the balance).

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

/** Whether a record in `status` may take a step that starts from one of `from`. */
export function allowedFrom(from: readonly string[], status: string): boolean {
  return from.includes(status);
}
