// The store contract for users, sessions and the audit log: one suite, run against each engine
// (lab.db on SQLite; PostgreSQL when the run has a cluster, see test/support/pg-cluster.ts) with the
// same assertions: the same rows, shapes, order and errors.
import { beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/main/db/constraint';
import type { Role } from '../../src/shared/contract';
import { ENGINES, type ContractData, type ContractStores } from './engines';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const PAST = '2000-01-01T00:00:00.000Z';
const FUTURE = '2999-01-01T00:00:00.000Z';
const NOW = new Date().toISOString();

const newUser = (username: string, role: Role = 'member', displayName = username.toUpperCase()) => ({ username, displayName, displayNameSort: displayName.toLowerCase(), role, passwordHash: `hash-${username}` });

async function addUsers(data: ContractData, ...users: Array<ReturnType<typeof newUser>>): Promise<number[]> {
  return data.withWriteTransaction(async (tx) => {
    const ids: number[] = [];
    for (const u of users) ids.push(await tx.users.insert(u));
    return ids;
  });
}

describe.each(ENGINES)('stores on $name', (engine) => {
  engine.prepare();
  let data: ContractData;
  beforeEach(async () => {
    data = await engine.open();
  });
  const read = <T>(fn: (s: ContractStores) => T | Promise<T>) => data.read(fn);

  describe('users', () => {
    it('a user reads back whole: every column, ids from 1, the stored times as UTC text', async () => {
      expect(await addUsers(data, newUser('admin', 'admin', 'Admin'), newUser('li'))).toEqual([1, 2]);
      expect(await read((r) => r.users.byId(1))).toEqual({
        id: 1, username: 'admin', display_name: 'Admin', display_name_sort: 'admin', role: 'admin', password_hash: 'hash-admin', active: 1,
        created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO),
      });
      expect(await read((r) => r.users.byId(3))).toBeUndefined();
    });

    it('usernames are one per lab ignoring ASCII case: found either way, listed in that order, a clash refused', async () => {
      await addUsers(data, newUser('bob'), newUser('Alice'), newUser('carol'), newUser('Zed'), newUser('adam'));
      expect((await read((r) => r.users.byUsername('ALICE')))?.id).toBe(2);
      expect(await read((r) => r.users.byUsername('alicia'))).toBeUndefined();
      expect((await read((r) => r.users.all())).map((u) => u.username)).toEqual(['adam', 'Alice', 'bob', 'carol', 'Zed']);
      const clash = await data.withWriteTransaction((tx) => tx.users.insert(newUser('BOB'))).catch((e: unknown) => e);
      expect(isUniqueViolation(clash)).toBe(true);
      expect(await read((r) => r.users.all())).toHaveLength(5);
    });

    it('administrators, display names and active accounts follow updates', async () => {
      expect(await read((r) => r.users.anyAdmin())).toBe(false);
      await addUsers(data, newUser('admin', 'admin', 'Admin'), newUser('li'), newUser('wang', 'admin', 'Wang'));
      expect(await read((r) => r.users.anyAdmin())).toBe(true);
      expect(await read((r) => r.users.activeAdminIds())).toEqual([1, 3]);
      expect(await read((r) => r.users.displayNames())).toEqual(new Map([[1, 'Admin'], [2, 'LI'], [3, 'Wang']]));
      await data.withWriteTransaction(async (tx) => {
        await tx.users.update(3, { displayName: 'Wang Fang', displayNameSort: 'wang fang', role: 'member', active: false });
        await tx.users.setPasswordHash(2, 'hash-new');
      });
      const wang = await read((r) => r.users.byId(3));
      expect(wang).toMatchObject({ display_name: 'Wang Fang', display_name_sort: 'wang fang', role: 'member', active: 0 });
      // Not in UserRow's type, but in the row on both engines (lab.db's SELECT *).
      const times = wang as unknown as { created_at: string; updated_at: string };
      expect(times.updated_at >= times.created_at).toBe(true);
      expect((await read((r) => r.users.byId(2)))?.password_hash).toBe('hash-new');
      expect(await read((r) => r.users.activeAdminIds())).toEqual([1]);
      expect(await read(async (r) => [await r.users.isActiveAccount(1, 'admin'), await r.users.isActiveAccount(1, 'ADMIN'), await r.users.isActiveAccount(1, 'li'), await r.users.isActiveAccount(3, 'wang')])).toEqual([true, true, false, false]);
    });
  });

  describe('sessions', () => {
    const session = (token: string, userId: number, expires: string) => ({ token_hash: token, user_id: userId, created_at: NOW, last_seen_at: NOW, expires_at: expires });

    it('an unexpired session of an active user finds the user; live lists those with usernames; deletes by token, user and all', async () => {
      await addUsers(data, newUser('admin', 'admin', 'Admin'), newUser('li'));
      await data.withWriteTransaction(async (tx) => {
        for (const s of [session('t1', 1, FUTURE), session('t2', 2, PAST), session('t3', 1, FUTURE), session('t4', 2, FUTURE)]) await tx.sessions.insert(s);
      });
      expect(await read((r) => r.sessions.activeUser('t1', NOW))).toMatchObject({ id: 1, username: 'admin', role: 'admin', active: 1 });
      expect(await read((r) => r.sessions.activeUser('t2', NOW))).toBeUndefined();
      expect(await read((r) => r.sessions.activeUser('none', NOW))).toBeUndefined();
      const live = await read((r) => r.sessions.live(NOW));
      expect(live.sort((a, b) => a.token_hash.localeCompare(b.token_hash))).toEqual([
        { ...session('t1', 1, FUTURE), username: 'admin' },
        { ...session('t3', 1, FUTURE), username: 'admin' },
        { ...session('t4', 2, FUTURE), username: 'li' },
      ]);
      await data.withWriteTransaction((tx) => tx.users.update(2, { displayName: 'LI', displayNameSort: 'li', role: 'member', active: false }));
      expect(await read((r) => r.sessions.activeUser('t4', NOW))).toBeUndefined();
      await data.withWriteTransaction((tx) => tx.sessions.deleteByToken('t1'));
      expect((await read((r) => r.sessions.live(NOW))).map((s) => s.token_hash)).toEqual(['t3']);
      await data.withWriteTransaction((tx) => tx.sessions.deleteForUser(1));
      expect(await read((r) => r.sessions.activeUser('t3', NOW))).toBeUndefined();
      await data.withWriteTransaction(async (tx) => {
        await tx.sessions.insert(session('t5', 1, FUTURE));
        await tx.sessions.deleteAll();
      });
      expect(await read((r) => r.sessions.activeUser('t5', NOW))).toBeUndefined();
    });
  });

  describe('audit log', () => {
    const entry = (userId: number | null, entityType: string, entityId: number, action: string, changes: object) => ({ userId, entityType, entityId, action, changes: JSON.stringify(changes) });

    async function seed(): Promise<number[]> {
      await addUsers(data, newUser('admin', 'admin', 'Admin'), newUser('bob', 'member', 'Bob'));
      return data.withWriteTransaction(async (tx) => {
        const ids: number[] = [];
        for (const e of [
          entry(1, 'user', 2, 'create', { username: [null, 'bob'] }),
          entry(1, 'inventory_item', 10, 'create', { name: [null, 'Ethanol'], unit: [null, 'mL'] }),
          entry(2, 'inventory_item', 10, 'update', { name: ['Ethanol', 'Ethanol 95%'] }),
          entry(1, 'inventory_item', 10, 'delete', { name: ['Ethanol 95%', null] }),
          entry(1, 'controlled_list', 5, 'create', { name: [null, '易制毒'], name_en: [null, 'Precursors'] }),
          entry(null, 'reagent_order', 7, 'approve', {}),
        ]) ids.push(await tx.audit.insert(e));
        return ids;
      });
    }

    it('entries are numbered from 1; a record’s entries oldest first with the actor’s name; changes read back as written', async () => {
      expect(await seed()).toEqual([1, 2, 3, 4, 5, 6]);
      const rows = await read((r) => r.audit.forRecord('inventory_item', 10));
      expect(rows.map((a) => [a.id, a.user_name, a.action])).toEqual([[2, 'Admin', 'create'], [3, 'Bob', 'update'], [4, 'Admin', 'delete']]);
      expect(rows[0]).toEqual({ id: 2, at: expect.stringMatching(ISO), user_id: 1, user_name: 'Admin', entity_type: 'inventory_item', entity_id: 10, action: 'create', changes: '{"name":[null,"Ethanol"],"unit":[null,"mL"]}' });
      const spaced = '{"name": [null, "x"],  "b": 1}';
      const id = await data.withWriteTransaction((tx) => tx.audit.insert({ userId: null, entityType: 'user', entityId: 9, action: 'x', changes: spaced }));
      expect((await read((r) => r.audit.forRecord('user', 9)))[0]).toMatchObject({ id, user_id: null, user_name: null, changes: spaced });
    });

    it('counts and pages by filter, newest first, each entry with the record’s name, English name and unit as of it', async () => {
      await seed();
      expect(await read(async (r) => [await r.audit.count({}), await r.audit.count({ kind: 'inventory_item' }), await r.audit.count({ user: 1, action: 'delete' }), await r.audit.count({ record: 10 }), await r.audit.count({ from: PAST, to: FUTURE }), await r.audit.count({ from: FUTURE })])).toEqual([6, 3, 1, 3, 6, 0]);
      const page = await read((r) => r.audit.page({}, 10, 0));
      expect(page.map((a) => [a.id, a.record_name, a.record_name_en, a.record_unit])).toEqual([
        [6, null, null, null],
        [5, '易制毒', 'Precursors', null],
        [4, 'Ethanol 95%', null, 'mL'],
        [3, 'Ethanol 95%', null, 'mL'],
        [2, 'Ethanol', null, 'mL'],
        [1, 'Bob', null, null],
      ]);
      expect((await read((r) => r.audit.page({}, 2, 1))).map((a) => a.id)).toEqual([5, 4]);
      expect((await read((r) => r.audit.page({ user: 2, kind: 'inventory_item' }, 10, 0))).map((a) => [a.id, a.user_name])).toEqual([[3, 'Bob']]);
    });

    it('a bulk import’s spooled rows become one entry each, about record n + offset, in row order', async () => {
      await addUsers(data, newUser('admin', 'admin', 'Admin'));
      await data.withWriteTransaction(async (tx) => {
        await tx.spool.fill([1, 2, 3].map((n) => ({ n, changes: JSON.stringify({ name: [null, `item ${n}`] }) })));
        await tx.audit.insertSpooled({ userId: 1, entityType: 'inventory_item', action: 'import' }, 100, 2, 3);
      });
      const page = await read((r) => r.audit.page({ action: 'import' }, 10, 0));
      expect(page.map((a) => [a.id, a.entity_id, a.record_name, a.user_name])).toEqual([[2, 103, 'item 3', 'Admin'], [1, 102, 'item 2', 'Admin']]);
    });
  });
});
