// The one owner of lab.db's `notifications` and `notification_settings` tables (docs/stores.md).
// Every statement names the person: one person's rows are never read or changed for another.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { Notification, NotificationKind, NotificationOrderType, NotificationParams } from '../../shared/notifications';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  orderType: NotificationOrderType | null;
  orderId: number | null;
  itemId: number | null;
  params: NotificationParams;
}

export interface NotificationReads {
  /** `userId`'s notifications, newest first, older than `before` when given. */
  page(userId: number, limit: number, before?: number): Notification[];
  unreadCount(userId: number): number;
  /** Whether notification `id` is `userId`'s. */
  owns(userId: number, id: number): boolean;
  /** The kinds `userId` set on or off (a kind not listed is on). */
  settings(userId: number): Array<{ kind: string; enabled: boolean }>;
  /** Whether `userId` turned `kind` off. */
  isOff(userId: number, kind: NotificationKind): boolean;
}

export interface NotificationWrites extends NotificationReads {
  /** Adds one; returns its id. */
  insert(n: NewNotification): number;
  /** Marks `userId`'s notification `id` read (once: the first read time stays); answers whether it was unread. */
  markRead(userId: number, id: number): boolean;
  /** Marks every unread notification of `userId` read; answers how many. */
  markAllRead(userId: number): number;
  setKind(userId: number, kind: NotificationKind, enabled: boolean): void;
  /** Removes `userId`'s notifications beyond the newest `keep`. */
  prune(userId: number, keep: number): void;
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
const COLUMNS = 'id, kind, order_type, order_id, item_id, params, created_at, read_at';

type Row = Omit<Notification, 'params'> & { params: string };
const toNotification = (r: Row): Notification => ({ ...r, params: JSON.parse(r.params) as NotificationParams });

export function notificationStore(db: Db): NotificationWrites {
  return {
    page: (userId, limit, before) => {
      const rows = (before === undefined
        ? prepareCached(db, `SELECT ${COLUMNS} FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ?`).all(userId, limit)
        : prepareCached(db, `SELECT ${COLUMNS} FROM notifications WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?`).all(userId, before, limit)) as Row[];
      return rows.map(toNotification);
    },
    unreadCount: (userId) => (prepareCached(db, 'SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL').get(userId) as { n: number }).n,
    owns: (userId, id) => !!prepareCached(db, 'SELECT 1 FROM notifications WHERE id = ? AND user_id = ?').get(id, userId),
    settings: (userId) =>
      (prepareCached(db, 'SELECT kind, enabled FROM notification_settings WHERE user_id = ? ORDER BY kind').all(userId) as Array<{ kind: string; enabled: number }>).map((r) => ({ kind: r.kind, enabled: r.enabled === 1 })),
    isOff: (userId, kind) => !!prepareCached(db, 'SELECT 1 FROM notification_settings WHERE user_id = ? AND kind = ? AND enabled = 0').get(userId, kind),
    insert: (n) =>
      (prepareCached(db, 'INSERT INTO notifications (user_id, kind, order_type, order_id, item_id, params) VALUES (?, ?, ?, ?, ?, ?) RETURNING id').get(n.userId, n.kind, n.orderType, n.orderId, n.itemId, JSON.stringify(n.params)) as { id: number }).id,
    markRead: (userId, id) => prepareCached(db, `UPDATE notifications SET read_at = ${NOW} WHERE id = ? AND user_id = ? AND read_at IS NULL`).run(id, userId).changes > 0,
    markAllRead: (userId) => prepareCached(db, `UPDATE notifications SET read_at = ${NOW} WHERE user_id = ? AND read_at IS NULL`).run(userId).changes,
    setKind: (userId, kind, enabled) => {
      prepareCached(db, 'INSERT INTO notification_settings (user_id, kind, enabled) VALUES (?, ?, ?) ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled').run(userId, kind, enabled ? 1 : 0);
    },
    prune: (userId, keep) => {
      prepareCached(db, 'DELETE FROM notifications WHERE user_id = ? AND id <= (SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)').run(userId, userId, keep);
    },
  };
}
