// One notification in words: its kind's sentence (notifications.i18n.ts) with its parameters. The
// service sends the kind and parameters only; the words are the UI language's.
import type { TFunction } from 'i18next';
import type { Notification } from '../../shared/notifications';

export function notificationText(n: Notification, t: TFunction): string {
  // A consumable order's completion is its arrival, said in its own words.
  const key = n.kind === 'order_arrived' && n.order_type === 'consumable' ? 'order_arrived_consumable' : n.kind;
  return t(`notifications.text.${key}`, { ...n.params, orderType: n.order_type ? t(`notifications.orderType.${n.order_type}`) : '' });
}
