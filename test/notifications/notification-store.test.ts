// The notification store on a real lab.db: one person's rows only, newest first with paging, the
// unread count, read once, the kinds' rows (upsert), and keeping a person's newest N.
import { describe, expect, it } from 'vitest';
import { openDatabases } from '../../src/main/db/databases';
import { notificationStore } from '../../src/main/stores/notification-store';
import { userStore } from '../../src/main/stores/user-store';
import { onCleanup, tempDir } from '../support/temp';

function setup() {
  const dbs = openDatabases(tempDir());
  onCleanup(() => dbs.close());
  const users = userStore(dbs.lab);
  const person = (username: string, role: 'admin' | 'member') => users.insert({ username, displayName: username, displayNameSort: username, role, passwordHash: 'x' });
  return { store: notificationStore(dbs.lab), users, alice: person('alice', 'member'), bob: person('bob', 'member'), admin: person('admin', 'admin'), boss: person('boss', 'admin') };
}

describe('notification store', () => {
  it("keeps each person's rows apart: page, unread count, read once, mark all", () => {
    const { store, alice, bob } = setup();
    const add = (userId: number, name: string) => store.insert({ userId, kind: 'order_approved', orderType: 'reagent', orderId: 1, itemId: null, params: { name, by: 'Admin' } });
    const ids = ['a', 'b', 'c'].map((n) => add(alice, n));
    const bobs = add(bob, 'x');
    expect(store.page(alice, 10).map((n) => n.params.name)).toEqual(['c', 'b', 'a']);
    expect(store.page(alice, 2, ids[2]).map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect(store.page(bob, 10)).toMatchObject([{ id: bobs, kind: 'order_approved', order_type: 'reagent', order_id: 1, item_id: null, params: { name: 'x', by: 'Admin' }, read_at: null }]);
    expect([store.owns(alice, bobs), store.owns(bob, bobs)]).toEqual([false, true]);
    expect(store.markRead(alice, bobs)).toBe(false);
    expect(store.unreadCount(bob)).toBe(1);
    expect(store.markRead(alice, ids[0]!)).toBe(true);
    expect(store.markRead(alice, ids[0]!)).toBe(false);
    expect(store.unreadCount(alice)).toBe(2);
    expect(store.markAllRead(alice)).toBe(2);
    expect([store.unreadCount(alice), store.unreadCount(bob)]).toEqual([0, 1]);
  });

  it("turns kinds off and on per person; prunes a person's oldest beyond the newest N", () => {
    const { store, users, alice, bob, admin, boss } = setup();
    expect(store.isOff(alice, 'order_arrived')).toBe(false);
    store.setKind(alice, 'order_arrived', false);
    store.setKind(alice, 'order_arrived', false);
    expect([store.isOff(alice, 'order_arrived'), store.isOff(bob, 'order_arrived')]).toEqual([true, false]);
    store.setKind(alice, 'order_arrived', true);
    expect(store.settings(alice)).toEqual([{ kind: 'order_arrived', enabled: true }]);
    expect(store.isOff(alice, 'order_arrived')).toBe(false);

    for (let i = 0; i < 5; i++) for (const u of [alice, bob]) store.insert({ userId: u, kind: 'order_requested', orderType: 'consumable', orderId: i, itemId: null, params: { name: `n${i}`, by: 'x' } });
    store.prune(alice, 2);
    expect(store.page(alice, 10).map((n) => n.order_id)).toEqual([4, 3]);
    expect(store.page(bob, 10)).toHaveLength(5);
    store.prune(bob, 10);
    expect(store.page(bob, 10)).toHaveLength(5);

    expect(users.activeAdminIds()).toEqual([admin, boss]);
    users.update(boss, { displayName: 'boss', displayNameSort: 'boss', role: 'admin', active: false });
    expect(users.activeAdminIds()).toEqual([admin]);
  });
});
