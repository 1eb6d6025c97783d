// The notification centre over real HTTP on loopback: who is told what as orders move (reagent
// and consumable), read and unread per person, the kinds a person turns off, refusals of bad
// input, and the push event reaching only its recipient's event stream.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin, onCleanup } from '../support/temp';
import { http as call, login } from '../support/http';
import type { RunningApp } from '../../src/main/app-services';
import type { LabEvent } from '../../src/shared/events';
import type { Notification, NotificationList } from '../../src/shared/notifications';

interface Lab {
  s: RunningApp;
  base: string;
  admin: string;
  admin2: string;
  alice: string;
  bob: string;
  guest: string;
  ids: Record<'admin' | 'admin2' | 'alice' | 'bob', number>;
}

async function lab(): Promise<Lab> {
  const s = await startTestServices();
  await setupAdmin(s);
  const make = (username: string, displayName: string, role: 'admin' | 'member' | 'public') => s.data.auth.createUser({ username, password: `${username}-pass-1`, displayName, role }, 1);
  const admin2 = await make('admin2', '李老师', 'admin');
  const alice = await make('alice', '张三', 'member');
  const bob = await make('bob', 'Bob', 'member');
  await make('guest', 'Public', 'public');
  const base = `http://127.0.0.1:${s.port}`;
  const as = (u: string) => login(base, u, `${u}-pass-1`);
  return {
    s,
    base,
    admin: await login(base, 'admin', 'admin-pass-1'),
    admin2: await as('admin2'),
    alice: await as('alice'),
    bob: await as('bob'),
    guest: await as('guest'),
    ids: { admin: 1, admin2: admin2.id, alice: alice.id, bob: bob.id },
  };
}

const list = async (l: Lab, who: string, query = ''): Promise<NotificationList> => {
  const r = await call(l.base, 'GET', `/api/notifications${query}`, undefined, who);
  expect(r.status).toBe(200);
  return r.json as NotificationList;
};
const kinds = (n: NotificationList) => n.items.map((i) => i.kind);

async function reagentOrder(l: Lab, who: string, name: string): Promise<number> {
  const r = await call(l.base, 'POST', '/api/reagent-orders', { name, quantity: 2, specification: '500 mL' }, who);
  expect(r.status).toBe(200);
  return r.json.id as number;
}

/** One SSE stream of a session: every event it delivered, and a wait for the one wanted. */
async function stream(l: Lab, cookie: string) {
  const events: LabEvent[] = [];
  const waiting: Array<{ ok: (e: LabEvent) => boolean; resolve: (e: LabEvent) => void }> = [];
  let buf = '';
  const req = http.get({ host: '127.0.0.1', port: l.s.port, path: '/api/events', headers: { host: `127.0.0.1:${l.s.port}`, cookie } });
  onCleanup(() => void req.destroy());
  await new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        buf += d;
        if (buf.includes(': connected')) resolve();
        for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
          const data = buf.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
          buf = buf.slice(end + 2);
          if (!data) continue;
          const e = JSON.parse(data.slice(6)) as LabEvent;
          events.push(e);
          for (const w of waiting.filter((x) => x.ok(e))) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(e);
          }
        }
      });
    });
  });
  return {
    events,
    next: (ok: (e: LabEvent) => boolean) => {
      const seen = events.find(ok);
      return seen ? Promise.resolve(seen) : new Promise<LabEvent>((resolve) => waiting.push({ ok, resolve }));
    },
  };
}

describe('notification centre over HTTP', () => {
  it('tells the requester of each step of a reagent order, the admins of the request, and nobody else', async () => {
    const l = await lab();
    const id = await reagentOrder(l, l.alice, '乙腈');

    // A new request: every active administrator, not the member who made it.
    for (const admin of [l.admin, l.admin2]) {
      const n = await list(l, admin);
      expect(n).toMatchObject({ unread: 1, more: false, items: [{ kind: 'order_requested', order_type: 'reagent', order_id: id, item_id: null, params: { name: '乙腈', by: '张三' }, read_at: null }] });
    }
    expect(await list(l, l.alice)).toEqual({ items: [], unread: 0, more: false });

    expect((await call(l.base, 'POST', `/api/reagent-orders/${id}/approve`, {}, l.admin)).status).toBe(200);
    expect((await call(l.base, 'POST', `/api/reagent-orders/${id}/arrive`, {}, l.admin)).status).toBe(200);
    const room = (await call(l.base, 'POST', '/api/locations', { name: 'A301' }, l.admin)).json as { id: number };
    expect((await call(l.base, 'POST', '/api/locations', { name: '试剂柜', parent_id: room.id }, l.admin)).status).toBe(200);
    const stocked = await call(l.base, 'POST', `/api/reagent-orders/${id}/stock-in`, { storage_location: 'A301 › 试剂柜' }, l.admin2);
    expect(stocked.status).toBe(200);
    const itemId = stocked.json.item.id as number;

    const mine = await list(l, l.alice);
    expect(kinds(mine)).toEqual(['order_stocked_in', 'order_arrived', 'order_approved']);
    expect(mine.unread).toBe(3);
    expect(mine.items[0]).toMatchObject({ order_type: 'reagent', order_id: id, item_id: itemId, params: { name: '乙腈', by: '李老师', location: 'A301 › 试剂柜' } });
    expect(mine.items[2]).toMatchObject({ item_id: null, params: { name: '乙腈', by: 'Admin' } });
    expect(mine.items.map((n) => n.id)).toEqual([...mine.items.map((n) => n.id)].sort((a, b) => b - a));

    // Nobody else: another member, the public account; the admins only have the request.
    expect(await list(l, l.bob)).toEqual({ items: [], unread: 0, more: false });
    expect(await list(l, l.guest)).toEqual({ items: [], unread: 0, more: false });
    expect(kinds(await list(l, l.admin))).toEqual(['order_requested']);

    // A second stock-in (double click) answers the first item and tells nobody again.
    expect((await call(l.base, 'POST', `/api/reagent-orders/${id}/stock-in`, { storage_location: 'A301 › 试剂柜' }, l.admin2)).json.alreadyStockedIn).toBe(true);
    expect((await list(l, l.alice)).items).toHaveLength(3);
  });

  it('tells the requester of a consumable order rejected (with the reason) and completed; an admin is not told of their own steps', async () => {
    const l = await lab();
    const rejected = (await call(l.base, 'POST', '/api/consumable-orders', { name: '移液枪头', quantity: 10 }, l.alice)).json.id as number;
    const done = (await call(l.base, 'POST', '/api/consumable-orders', { name: '丁腈手套', quantity: 5 }, l.alice)).json.id as number;
    expect((await call(l.base, 'POST', `/api/consumable-orders/${rejected}/reject`, { reason: '本月预算已用完' }, l.admin)).status).toBe(200);
    await call(l.base, 'POST', `/api/consumable-orders/${done}/approve`, {}, l.admin);
    await call(l.base, 'POST', `/api/consumable-orders/${done}/complete`, {}, l.admin);
    const mine = await list(l, l.alice);
    expect(mine.items.map((n) => [n.kind, n.order_type, n.order_id])).toEqual([
      ['order_arrived', 'consumable', done],
      ['order_approved', 'consumable', done],
      ['order_rejected', 'consumable', rejected],
    ]);
    expect(mine.items[2]!.params).toEqual({ name: '移液枪头', by: 'Admin', reason: '本月预算已用完' });

    // The admin's own order: the other admin is told of the request, the admin of nothing they did.
    const own = await reagentOrder(l, l.admin, '甲醇');
    await call(l.base, 'POST', `/api/reagent-orders/${own}/approve`, {}, l.admin);
    expect(kinds(await list(l, l.admin))).toEqual(['order_requested', 'order_requested']);
    expect((await list(l, l.admin2)).items[0]).toMatchObject({ kind: 'order_requested', order_id: own, params: { by: 'Admin' } });
  });

  it('a notification that cannot be written neither fails nor undoes the order step', async () => {
    const l = await lab();
    const id = await reagentOrder(l, l.alice, '乙腈');
    const db = l.s.data.dbs.lab;
    db.exec('ALTER TABLE notifications RENAME TO notifications_away');
    try {
      const approved = await call(l.base, 'POST', `/api/reagent-orders/${id}/approve`, {}, l.admin);
      expect(approved).toMatchObject({ status: 200, json: { id, status: 'approved' } });
    } finally {
      db.exec('ALTER TABLE notifications_away RENAME TO notifications');
    }
    expect((await call(l.base, 'GET', `/api/reagent-orders/${id}`, undefined, l.alice)).json.status).toBe('approved');
    expect(await list(l, l.alice)).toEqual({ items: [], unread: 0, more: false });
    await call(l.base, 'POST', `/api/reagent-orders/${id}/arrive`, {}, l.admin);
    expect(kinds(await list(l, l.alice))).toEqual(['order_arrived']);
  });

  it('marks one or all read for their own recipient only; another member cannot read or mark them', async () => {
    const l = await lab();
    const a = await reagentOrder(l, l.alice, '丙酮');
    const b = await reagentOrder(l, l.alice, '乙醇');
    await call(l.base, 'POST', `/api/reagent-orders/${a}/approve`, {}, l.admin);
    await call(l.base, 'POST', `/api/reagent-orders/${b}/approve`, {}, l.admin);
    const before = await list(l, l.alice);
    expect(before.unread).toBe(2);
    const [newest, older] = before.items as [Notification, Notification];

    // Bob tries Alice's: as if it did not exist, and it stays unread.
    const foreign = await call(l.base, 'POST', `/api/notifications/${older.id}/read`, {}, l.bob);
    expect(foreign).toMatchObject({ status: 404, json: { error: { code: 'not_found', key: 'notifications.noSuch', fields: { id: { key: 'field.noSuchRecord' } } } } });
    expect((await list(l, l.alice)).unread).toBe(2);

    expect(await call(l.base, 'POST', `/api/notifications/${older.id}/read`, {}, l.alice)).toMatchObject({ status: 200, json: { unread: 1 } });
    const after = await list(l, l.alice);
    expect(after.items.find((n) => n.id === older.id)!.read_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(after.items.find((n) => n.id === newest.id)!.read_at).toBeNull();
    // Read again: no error, the first read time stays.
    expect(await call(l.base, 'POST', `/api/notifications/${older.id}/read`, {}, l.alice)).toMatchObject({ status: 200, json: { unread: 1 } });
    expect((await list(l, l.alice)).items.find((n) => n.id === older.id)!.read_at).toBe(after.items.find((n) => n.id === older.id)!.read_at);

    // Bob's "mark all" touches nothing of Alice's; hers does.
    expect(await call(l.base, 'POST', '/api/notifications/read-all', {}, l.bob)).toMatchObject({ status: 200, json: { unread: 0, marked: 0 } });
    expect((await list(l, l.alice)).unread).toBe(1);
    expect(await call(l.base, 'POST', '/api/notifications/read-all', {}, l.alice)).toMatchObject({ status: 200, json: { unread: 0, marked: 1 } });
    expect((await list(l, l.alice)).items.every((n) => n.read_at !== null)).toBe(true);
    // The admins' own request notifications are still unread: read state is per person.
    expect((await list(l, l.admin)).unread).toBe(2);

    // Paging: newest first, `before` the last id of the page.
    const first = await list(l, l.admin, '?limit=1');
    expect(first).toMatchObject({ more: true, unread: 2 });
    const second = await list(l, l.admin, `?limit=1&before=${first.items[0]!.id}`);
    expect(second.more).toBe(false);
    expect(second.items[0]!.id).toBeLessThan(first.items[0]!.id);
  });

  it('keeps each person\'s kinds; a kind turned off is not made for that person, others still are', async () => {
    const l = await lab();
    const all = { order_requested: true, order_approved: true, order_rejected: true, order_arrived: true, order_stocked_in: true };
    expect(await call(l.base, 'GET', '/api/notifications/settings', undefined, l.alice)).toMatchObject({ status: 200, json: all });
    expect(await call(l.base, 'PUT', '/api/notifications/settings', { kinds: { order_approved: false } }, l.alice)).toMatchObject({ status: 200, json: { ...all, order_approved: false } });
    expect((await call(l.base, 'GET', '/api/notifications/settings', undefined, l.alice)).json).toEqual({ ...all, order_approved: false });
    expect((await call(l.base, 'GET', '/api/notifications/settings', undefined, l.bob)).json).toEqual(all);
    await call(l.base, 'PUT', '/api/notifications/settings', { kinds: { order_requested: false } }, l.admin2);

    const a = await reagentOrder(l, l.alice, '丙酮');
    const b = await reagentOrder(l, l.bob, '丙酮');
    for (const id of [a, b]) await call(l.base, 'POST', `/api/reagent-orders/${id}/approve`, {}, l.admin);
    await call(l.base, 'POST', `/api/reagent-orders/${a}/arrive`, {}, l.admin);
    expect(kinds(await list(l, l.alice))).toEqual(['order_arrived']);
    expect(kinds(await list(l, l.bob))).toEqual(['order_approved']);
    expect(kinds(await list(l, l.admin))).toEqual(['order_requested', 'order_requested']);
    expect(await list(l, l.admin2)).toEqual({ items: [], unread: 0, more: false });
    // Not made at all (not made and hidden): the table holds none of Alice's approvals.
    const rows = l.s.data.dbs.lab.prepare("SELECT count(*) FROM notifications WHERE user_id = ? AND kind = 'order_approved'").pluck().get(l.ids.alice);
    expect(rows).toBe(0);

    // On again: made again from then on.
    await call(l.base, 'PUT', '/api/notifications/settings', { kinds: { order_approved: true } }, l.alice);
    const c = await reagentOrder(l, l.alice, '甲苯');
    await call(l.base, 'POST', `/api/reagent-orders/${c}/approve`, {}, l.admin);
    expect(kinds(await list(l, l.alice))).toEqual(['order_approved', 'order_arrived']);
  });

  it('refuses bad input with 400 naming the field and changes nothing; access as the contract says', async () => {
    const l = await lab();
    await call(l.base, 'PUT', '/api/notifications/settings', { kinds: { order_arrived: false } }, l.alice);
    const settings = (await call(l.base, 'GET', '/api/notifications/settings', undefined, l.alice)).json;
    const bad = async (method: string, path: string, body: unknown, field: string) => {
      const r = await call(l.base, method, path, body, l.alice);
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.json.error.code).toBe('validation');
      expect(Object.keys(r.json.error.fields), `${method} ${path}`).toEqual([field]);
      expect(r.json.error.message).toContain(field);
    };
    await bad('PUT', '/api/notifications/settings', { kinds: { order_approved: 'no' } }, 'kinds.order_approved');
    await bad('PUT', '/api/notifications/settings', { kinds: { order_approved: false, order_lost: false } }, 'kinds');
    await bad('PUT', '/api/notifications/settings', { kinds: 'all' }, 'kinds');
    await bad('PUT', '/api/notifications/settings', {}, 'kinds');
    await bad('GET', '/api/notifications?limit=0', undefined, 'limit');
    await bad('GET', '/api/notifications?limit=201', undefined, 'limit');
    await bad('GET', '/api/notifications?limit=ten', undefined, 'limit');
    await bad('GET', '/api/notifications?before=-3', undefined, 'before');
    await bad('POST', '/api/notifications/abc/read', {}, 'id');
    await bad('POST', '/api/notifications/read-all', { everything: true }, 'everything');
    expect((await call(l.base, 'GET', '/api/notifications/settings', undefined, l.alice)).json).toEqual(settings);

    expect((await call(l.base, 'GET', '/api/notifications')).status).toBe(401);
    expect((await call(l.base, 'GET', '/api/notifications/settings')).status).toBe(401);
    expect(await call(l.base, 'PUT', '/api/notifications/settings', { kinds: { order_approved: false } }, l.guest)).toMatchObject({ status: 403, json: { error: { key: 'auth.publicReadOnly' } } });
    expect(await call(l.base, 'POST', '/api/notifications/999/read', {}, l.alice)).toMatchObject({ status: 404, json: { error: { params: { id: 999 } } } });
  });

  it("pushes a notification to its recipient's event stream only, and not after that session ended", async () => {
    const l = await lab();
    const aliceStream = await stream(l, l.alice);
    const bobStream = await stream(l, l.bob);
    const adminStream = await stream(l, l.admin);
    const a = await reagentOrder(l, l.alice, '乙醚');
    const b = await reagentOrder(l, l.bob, '乙醚');

    expect(await adminStream.next((e) => e.type === 'notifications-changed' && e.unread === 2)).toEqual({ type: 'notifications-changed', userId: l.ids.admin, unread: 2 });
    await call(l.base, 'POST', `/api/reagent-orders/${a}/approve`, {}, l.admin);
    expect(await aliceStream.next((e) => e.type === 'notifications-changed')).toEqual({ type: 'notifications-changed', userId: l.ids.alice, unread: 1 });
    // Bob's own notification comes after Alice's on the same server: once his stream has it, it
    // would already have had hers, had it been sent.
    await call(l.base, 'POST', `/api/reagent-orders/${b}/approve`, {}, l.admin);
    await bobStream.next((e) => e.type === 'notifications-changed');
    const notes = (s: { events: LabEvent[] }) => s.events.filter((e) => e.type === 'notifications-changed');
    expect(notes(bobStream)).toEqual([{ type: 'notifications-changed', userId: l.ids.bob, unread: 1 }]);
    expect(notes(aliceStream)).toEqual([{ type: 'notifications-changed', userId: l.ids.alice, unread: 1 }]);
    // Everyone still sees the list changes.
    expect(bobStream.events.filter((e) => e.type === 'records-changed').length).toBeGreaterThanOrEqual(3);
    expect(notes(adminStream).every((e) => e.type === 'notifications-changed' && e.userId === l.ids.admin)).toBe(true);

    // Reading in one window tells her other windows the new count.
    const other = await stream(l, l.alice);
    const mine = await list(l, l.alice);
    await call(l.base, 'POST', `/api/notifications/${mine.items[0]!.id}/read`, {}, l.alice);
    expect(await other.next((e) => e.type === 'notifications-changed')).toEqual({ type: 'notifications-changed', userId: l.ids.alice, unread: 0 });

    // Alice logs out: her open streams get nothing of hers any more (the event after it shows it would have).
    const sent = notes(aliceStream).length;
    expect((await call(l.base, 'DELETE', '/api/session', undefined, l.alice)).status).toBe(200);
    await call(l.base, 'POST', `/api/reagent-orders/${a}/arrive`, {}, l.admin);
    l.s.events.emit({ type: 'controlled-changed' });
    await aliceStream.next((e) => e.type === 'controlled-changed');
    expect(notes(aliceStream)).toHaveLength(sent);
    expect((await list(l, await login(l.base, 'alice', 'alice-pass-1'))).unread).toBe(1);
  });
});
