// The signed-in person's notifications for the bell: the newest page and the unread count, read
// once and again whenever the service says this person's notifications changed (a new one, or
// read in another window): no polling. Only the newest answer is applied.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, subscribeEvents } from '../api/client';
import { NOTIFICATION_PAGE, type Notification, type NotificationList } from '../../shared/notifications';

export interface NotificationsState {
  list: NotificationList | null;
  error: string | null;
  markRead(id: number): Promise<void>;
  markAll(): Promise<void>;
  loadOlder(): Promise<void>;
}

export function useNotifications(): NotificationsState {
  const [list, setList] = useState<NotificationList | null>(null);
  const [error, setError] = useState<string | null>(null);
  // How many are shown (older pages included), so a reload keeps them.
  const shown = useRef(NOTIFICATION_PAGE);
  const asked = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const res = await call('listNotifications', { limit: Math.min(shown.current, 200) });
      if (mine !== asked.current) return;
      setList(res);
      setError(null);
    } catch (e) {
      if (mine === asked.current) setError((e as Error).message);
    }
  }, []);

  useEffect(() => {
    void reload();
    return subscribeEvents((e) => {
      if (e.type !== 'notifications-changed') return;
      // The count at once; the rows follow with the reload.
      setList((l) => (l ? { ...l, unread: e.unread } : l));
      void reload();
    });
  }, [reload]);

  const markRead = useCallback(async (id: number) => {
    const { unread } = await call('markNotificationRead', { id });
    const now = new Date().toISOString();
    setList((l) => (l ? { ...l, unread, items: l.items.map((n): Notification => (n.id === id && !n.read_at ? { ...n, read_at: now } : n)) } : l));
  }, []);

  const markAll = useCallback(async () => {
    await call('markAllNotificationsRead', {});
    await reload();
  }, [reload]);

  const loadOlder = useCallback(async () => {
    const last = list?.items.at(-1);
    if (!last) return;
    const older = await call('listNotifications', { before: last.id });
    shown.current += older.items.length;
    setList((l) => (l ? { ...l, items: [...l.items, ...older.items.filter((o) => !l.items.some((n) => n.id === o.id))], more: older.more } : l));
  }, [list]);

  return { list, error, markRead, markAll, loadOlder };
}
