// What the order services say about an order once its write committed: it was requested, or an
// administrator moved it a step (approve, reject, arrive, complete, stock in). Whoever listens (the
// notification centre, src/main/notifications) is handed it after the commit; a listener's failure
// is logged and never reaches the write, which already happened.
import type { UserInfo } from '../../shared/contract';
import type { Logger } from '../logging';

export type OrderStep = 'request' | 'approve' | 'reject' | 'arrive' | 'complete' | 'stock_in';

export interface OrderChange {
  orderType: 'reagent' | 'consumable';
  step: OrderStep;
  /** The order as it reads after the step. */
  order: { id: number; name: string; applicant_id: number; applicant: string; reject_reason: string | null };
  /** Who did it. */
  actor: UserInfo;
  /** stock_in: the inventory item it made and where it was put. */
  item?: { id: number; storage_location: string };
}

/** May answer a promise (its own unit of work); announceOrder waits for it, so the step's answer comes after. */
export type OrderListener = (change: OrderChange) => void | Promise<void>;

export async function announceOrder(deps: { orderChanged?: OrderListener; log: Logger }, change: OrderChange): Promise<void> {
  try {
    await deps.orderChanged?.(change);
  } catch (e) {
    deps.log.error({ order: change.order.id, step: change.step, err: e instanceof Error ? e.message : String(e) }, 'order listener failed after a business write');
  }
}
