// Who is told what when an order takes a step (README.md "Who is told what"). Pure: the lookups
// of who is an active administrator and whether the applicant is still active are passed in (read
// in the caller's unit of work, hence promises).
import type { OrderChange, OrderStep } from '../records/order-events';
import type { NotificationKind, NotificationParams } from '../../shared/notifications';
import type { NewNotification } from '../stores/notification-store';

export interface People {
  activeAdminIds(): Promise<number[]>;
  isActive(userId: number): Promise<boolean>;
}

const KIND: Record<OrderStep, NotificationKind> = {
  request: 'order_requested',
  approve: 'order_approved',
  reject: 'order_rejected',
  arrive: 'order_arrived',
  // A consumable order's last step: its goods came in (it has no stock-in).
  complete: 'order_arrived',
  stock_in: 'order_stocked_in',
};

/** The notifications a committed order step makes, before each person's kind settings. */
export async function notificationsFor(change: OrderChange, people: People): Promise<NewNotification[]> {
  const kind = KIND[change.step];
  const params: NotificationParams = { name: change.order.name, by: change.actor.displayName };
  if (change.step === 'reject') params.reason = change.order.reject_reason ?? '';
  if (change.step === 'stock_in' && change.item) params.location = change.item.storage_location;
  // Nobody is told of what they did themselves.
  const to = change.step === 'request' ? await people.activeAdminIds() : (await people.isActive(change.order.applicant_id)) ? [change.order.applicant_id] : [];
  return to
    .filter((userId) => userId !== change.actor.id)
    .map((userId) => ({ userId, kind, orderType: change.orderType, orderId: change.order.id, itemId: change.item?.id ?? null, params }));
}
