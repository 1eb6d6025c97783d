// The notification centre (README.md): made after an order step committed (the records' order
// listener), read and marked read by their recipient only, each person's kinds on or off. Every
// change to someone's notifications is pushed to that person's windows alone, after its commit.
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import type { LabData, LabReads } from '../stores/lab-data';
import type { OrderChange } from '../records/order-events';
import type { UserInfo } from '../../shared/contract';
import type { ListNotificationsInput, NotificationSettingsInput } from '../../shared/contract/notifications';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationList, type NotificationSettings } from '../../shared/notifications';
import { AppError, fieldError } from '../../shared/errors';
import { notificationsFor, type People } from './rules';

/** A person keeps their newest this many; older ones go when a new one comes. */
export const KEEP_PER_PERSON = 500;

export interface NotificationDeps {
  data: LabData;
  events: EventBus;
  log: Logger;
}

/** Who is told, read in the open unit `r`. */
function people(r: Pick<LabReads, 'users'>): People {
  return { activeAdminIds: () => r.users.activeAdminIds(), isActive: async (id) => (await r.users.byId(id))?.active === 1 };
}

export class NotificationService {
  constructor(private readonly d: NotificationDeps) {}

  /**
   * The records' order listener: runs after the order's own commit, in a unit of its own, so a
   * failure here (logged by the caller) leaves the order as it was written.
   */
  async orderChanged(change: OrderChange): Promise<void> {
    const told = await this.d.data.withWriteTransaction(async (tx) => {
      const planned = await notificationsFor(change, people(tx));
      const to = new Set<number>();
      for (const n of planned) {
        // A kind the person turned off is not made at all (it would not show up later either).
        if (await tx.notifications.isOff(n.userId, n.kind)) continue;
        await tx.notifications.insert(n);
        await tx.notifications.prune(n.userId, KEEP_PER_PERSON);
        to.add(n.userId);
      }
      const out: Array<{ userId: number; unread: number }> = [];
      for (const userId of to) out.push({ userId, unread: await tx.notifications.unreadCount(userId) });
      return out;
    });
    for (const t of told) this.push(t.userId, t.unread);
  }

  list(user: UserInfo, q: ListNotificationsInput): Promise<NotificationList> {
    return this.d.data.read(async (r) => {
      const rows = await r.notifications.page(user.id, q.limit + 1, q.before);
      return { items: rows.slice(0, q.limit), unread: await r.notifications.unreadCount(user.id), more: rows.length > q.limit };
    });
  }

  /** Another person's notification is answered as one that does not exist: nothing about it is told. */
  async markRead(user: UserInfo, id: number): Promise<{ unread: number }> {
    const res = await this.d.data.withWriteTransaction(async (tx) => {
      if (!(await tx.notifications.owns(user.id, id))) throw new AppError('not_found', 'notifications.noSuch', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
      const changed = await tx.notifications.markRead(user.id, id);
      return { changed, unread: await tx.notifications.unreadCount(user.id) };
    });
    if (res.changed) this.push(user.id, res.unread);
    return { unread: res.unread };
  }

  async markAllRead(user: UserInfo): Promise<{ unread: number; marked: number }> {
    const marked = await this.d.data.withWriteTransaction((tx) => tx.notifications.markAllRead(user.id));
    if (marked > 0) this.push(user.id, 0);
    return { unread: 0, marked };
  }

  settings(user: UserInfo): Promise<NotificationSettings> {
    return this.d.data.read(async (r) => {
      const out = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as NotificationSettings;
      for (const s of await r.notifications.settings(user.id)) if (Object.hasOwn(out, s.kind)) out[s.kind as NotificationKind] = s.enabled;
      return out;
    });
  }

  async updateSettings(user: UserInfo, input: NotificationSettingsInput): Promise<NotificationSettings> {
    await this.d.data.withWriteTransaction(async (tx) => {
      for (const kind of NOTIFICATION_KINDS) {
        const on = input.kinds[kind];
        if (on !== undefined) await tx.notifications.setKind(user.id, kind, on);
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
