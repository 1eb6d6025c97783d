// The notification centre (README.md): made after an order step committed (the records' order
// listener), read and marked read by their recipient only, each person's kinds on or off. Every
// change to someone's notifications is pushed to that person's windows alone.
import type { Db } from '../db/open';
import { readSnapshot, writeTransaction } from '../db/transaction';
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import { notificationStore, type NotificationWrites } from '../stores/notification-store';
import { userStore } from '../stores/user-store';
import type { OrderChange } from '../records/order-events';
import type { UserInfo } from '../../shared/contract';
import type { ListNotificationsInput, NotificationSettingsInput } from '../../shared/contract/notifications';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationList, type NotificationSettings } from '../../shared/notifications';
import { AppError, fieldError } from '../../shared/errors';
import { notificationsFor, type People } from './rules';

/** A person keeps their newest this many; older ones go when a new one comes. */
export const KEEP_PER_PERSON = 500;

export interface NotificationDeps {
  db: Db;
  events: EventBus;
  log: Logger;
}

export class NotificationService {
  private readonly store: NotificationWrites;
  private readonly people: People;

  constructor(private readonly d: NotificationDeps) {
    this.store = notificationStore(d.db);
    const users = userStore(d.db);
    this.people = { activeAdminIds: () => users.activeAdminIds(), isActive: (id) => users.byId(id)?.active === 1 };
  }

  /**
   * The records' order listener: runs after the order's own commit, in a transaction of its own,
   * so a failure here (logged by the caller) leaves the order as it was written.
   */
  orderChanged(change: OrderChange): void {
    const planned = notificationsFor(change, this.people);
    if (planned.length === 0) return;
    const told = writeTransaction(this.d.db, () => {
      const to = new Set<number>();
      for (const n of planned) {
        // A kind the person turned off is not made at all (it would not show up later either).
        if (this.store.isOff(n.userId, n.kind)) continue;
        this.store.insert(n);
        this.store.prune(n.userId, KEEP_PER_PERSON);
        to.add(n.userId);
      }
      return [...to].map((userId) => ({ userId, unread: this.store.unreadCount(userId) }));
    });
    for (const t of told) this.push(t.userId, t.unread);
  }

  list(user: UserInfo, q: ListNotificationsInput): NotificationList {
    return readSnapshot(this.d.db, () => {
      const rows = this.store.page(user.id, q.limit + 1, q.before);
      return { items: rows.slice(0, q.limit), unread: this.store.unreadCount(user.id), more: rows.length > q.limit };
    });
  }

  /** Another person's notification is answered as one that does not exist: nothing about it is told. */
  markRead(user: UserInfo, id: number): { unread: number } {
    const res = writeTransaction(this.d.db, () => {
      if (!this.store.owns(user.id, id)) throw new AppError('not_found', 'notifications.noSuch', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
      const changed = this.store.markRead(user.id, id);
      return { changed, unread: this.store.unreadCount(user.id) };
    });
    if (res.changed) this.push(user.id, res.unread);
    return { unread: res.unread };
  }

  markAllRead(user: UserInfo): { unread: number; marked: number } {
    const marked = writeTransaction(this.d.db, () => this.store.markAllRead(user.id));
    if (marked > 0) this.push(user.id, 0);
    return { unread: 0, marked };
  }

  settings(user: UserInfo): NotificationSettings {
    const out = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as NotificationSettings;
    for (const s of this.store.settings(user.id)) if (Object.hasOwn(out, s.kind)) out[s.kind as NotificationKind] = s.enabled;
    return out;
  }

  updateSettings(user: UserInfo, input: NotificationSettingsInput): NotificationSettings {
    writeTransaction(this.d.db, () => {
      for (const kind of NOTIFICATION_KINDS) {
        const on = input.kinds[kind];
        if (on !== undefined) this.store.setKind(user.id, kind, on);
      }
    });
    return this.settings(user);
  }

  private push(userId: number, unread: number): void {
    try {
      this.d.events.emit({ type: 'notifications-changed', userId, unread });
    } catch (e) {
      this.d.log.error({ userId, err: e instanceof Error ? e.message : String(e) }, 'notifications-changed event failed');
    }
  }
}
