// Handlers for the notification centre: thin — the service owns whose rows are whose.
import type { HandlerTable } from './handler-table';
import type { notificationOps } from '../../shared/contract/notifications';
import type { NotificationService } from '../notifications/notification-service';
import { requireUser } from './context';

export interface NotificationHandlerDeps {
  notifications: NotificationService;
}

export function notificationHandlers(d: NotificationHandlerDeps): Pick<HandlerTable, keyof typeof notificationOps> {
  const n = d.notifications;
  return {
    listNotifications: (q, ctx) => n.list(requireUser(ctx), q),
    markNotificationRead: ({ id }, ctx) => n.markRead(requireUser(ctx), id),
    markAllNotificationsRead: (_i, ctx) => n.markAllRead(requireUser(ctx)),
    getNotificationSettings: (_i, ctx) => n.settings(requireUser(ctx)),
    updateNotificationSettings: (input, ctx) => n.updateSettings(requireUser(ctx), input),
  };
}
