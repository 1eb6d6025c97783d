// Operations on the signed-in person's own notifications: the list with the unread count, marking
// one or all read, and the kinds they want. Every operation acts on the caller's own rows only.
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { empty, id, numeric } from './common';
import { MAX_NOTIFICATION_PAGE, NOTIFICATION_KINDS, NOTIFICATION_PAGE, type NotificationKind, type NotificationList, type NotificationSettings } from '../notifications';

export const listNotificationsInput = z
  .object({
    limit: numeric(z.number({ error: 'field.number' }).int('field.wholeNumber').min(1).max(MAX_NOTIFICATION_PAGE)).optional().default(NOTIFICATION_PAGE),
    /** Older than this notification (the last one of the page before). */
    before: id.optional(),
  })
  .strict();

const enabled = z.boolean({ error: 'field.boolean' });
/** Some or all kinds, each on (true) or off (false); kinds left out stay as they are. */
export const notificationSettingsInput = z
  .object({
    kinds: z
      .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, enabled.optional()])) as Record<NotificationKind, z.ZodOptional<typeof enabled>>, { error: 'field.object' })
      .strict(),
  })
  .strict();

export type ListNotificationsInput = z.output<typeof listNotificationsInput>;
export type NotificationSettingsInput = z.output<typeof notificationSettingsInput>;

export const notificationOps = {
  /** The caller's own notifications, newest first, with the unread count. */
  listNotifications: op({ method: 'GET', path: '/notifications', access: 'user', input: listNotificationsInput, output: returns<NotificationList>() }),
  markNotificationRead: op({ method: 'POST', path: '/notifications/:id/read', access: 'user', input: z.object({ id }).strict(), output: returns<{ unread: number }>() }),
  markAllNotificationsRead: op({ method: 'POST', path: '/notifications/read-all', access: 'user', input: empty, output: returns<{ unread: number; marked: number }>() }),
  getNotificationSettings: op({ method: 'GET', path: '/notifications/settings', access: 'user', input: empty, output: returns<NotificationSettings>() }),
  updateNotificationSettings: op({ method: 'PUT', path: '/notifications/settings', access: 'member', input: notificationSettingsInput, output: returns<NotificationSettings>() }),
} satisfies Record<string, OperationDef>;
