// In-app notifications as every layer sees them: the kinds, one notification and what the list
// answers. Who is told what: src/main/notifications/README.md.

/**
 * `order_requested` goes to the administrators; the others to the order's applicant. A consumable
 * order's `complete` step is its `order_arrived` (its goods came in; a consumable has no stock-in).
 */
export const NOTIFICATION_KINDS = ['order_requested', 'order_approved', 'order_rejected', 'order_arrived', 'order_stocked_in'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds only an administrator is ever told (the settings page shows them to administrators only). */
export const ADMIN_NOTIFICATION_KINDS: readonly NotificationKind[] = ['order_requested'];

export type NotificationOrderType = 'reagent' | 'consumable';

/** The words' parameters, as they were when it happened (a later edit or delete leaves them). */
export interface NotificationParams {
  /** The order's name. */
  name: string;
  /** Who did it (display name): the applicant of a request, the administrator of a step. */
  by: string;
  /** order_rejected: the reason given. */
  reason?: string;
  /** order_stocked_in: where the new item was put (the location's path). */
  location?: string;
}

export interface Notification {
  id: number;
  kind: NotificationKind;
  order_type: NotificationOrderType | null;
  order_id: number | null;
  /** order_stocked_in: the inventory item the stock-in made. */
  item_id: number | null;
  params: NotificationParams;
  created_at: string;
  read_at: string | null;
}

export interface NotificationList {
  /** Newest first. */
  items: Notification[];
  /** All of the person's unread notifications, not only those on this page. */
  unread: number;
  /** More, older ones exist: ask again with `before` = the last id. */
  more: boolean;
}

export type NotificationSettings = Record<NotificationKind, boolean>;

/** How many notifications the list answers when not told. */
export const NOTIFICATION_PAGE = 30;
/** The most one list asks for. */
export const MAX_NOTIFICATION_PAGE = 200;
