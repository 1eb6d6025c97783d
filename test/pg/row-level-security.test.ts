// Row-level security on the lab-owned tables (PostgreSQL v1): inside a lab, a statement with no
// filter of its own reads and writes only that lab's rows; with no lab, none. The application role
// is not the tables' owner and has no way around the policies. The statements here are the app
// role's own SQL on its own connection, as a store that forgot a filter would send them.
import type { Pool, PoolClient } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { inLab } from '../../src/main/db/lab-scope';
import { pgTenancyData } from '../../src/main/stores/pg/tenancy-data';
import { usePgDatabase } from '../support/pg';

const database = usePgDatabase();
const labs = { a: 0, b: 0 };

/** Seeds two labs, each with members and audit entries of its own. */
beforeAll(async () => {
  const data = pgTenancyData(database().app);
  labs.a = await data.withWriteTransaction((tx) => tx.labs.create('Lab A'));
  labs.b = await data.withWriteTransaction((tx) => tx.labs.create('Lab B'));
  const seed = (lab: number, names: string[]) =>
    inLab(lab, () =>
      data.withWriteTransaction(async (tx) => {
        for (const name of names) {
          const id = await tx.users.insert({ username: name, displayName: name, displayNameSort: name, role: 'member', passwordHash: 'h' });
          await tx.audit.insert({ userId: id, entityType: 'user', entityId: id, action: 'create', changes: '{}' });
        }
      }),
    );
  await seed(labs.a, ['a1', 'a2']);
  await seed(labs.b, ['b1', 'b2', 'b3']);
});

/** `fn` on one connection of `pool` inside a transaction in `lab` (null: none), rolled back after. */
async function inTransaction<T>(pool: Pool, lab: number | null, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(`SELECT set_config('app.lab_id', $1, true)`, [lab === null ? '' : String(lab)]);
    return await fn(c);
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
}

const labIds = async (c: PoolClient, table: string) => (await c.query<{ lab_id: number }>(`SELECT lab_id FROM ${table}`)).rows.map((r) => r.lab_id);
const failure = (p: Promise<unknown>) => p.then(() => null, (e: { code?: string; message: string }) => ({ code: e.code, message: e.message }));

describe('row-level security', () => {
  it('inside lab A, an unfiltered SELECT of a lab-owned table answers only lab A’s rows', async () => {
    await inTransaction(database().app, labs.a, async (c) => {
      expect(await labIds(c, 'audit_log')).toEqual([labs.a, labs.a]);
      expect(await labIds(c, 'lab_members')).toEqual([labs.a, labs.a]);
      expect((await c.query('SELECT count(*)::int AS n FROM audit_log WHERE lab_id = $1', [labs.b])).rows[0].n).toBe(0);
    });
    await inTransaction(database().app, labs.b, async (c) => expect(await labIds(c, 'audit_log')).toHaveLength(3));
  });

  it('inside lab A, a row of lab B cannot be added, and lab B’s rows cannot be changed', async () => {
    await inTransaction(database().app, labs.a, async (c) => {
      const insert = await failure(c.query(`INSERT INTO audit_log (lab_id, entity_type, entity_id, action) VALUES ($1, 'user', 1, 'x')`, [labs.b]));
      expect(insert).toMatchObject({ code: '42501', message: expect.stringContaining('row-level security policy') });
    });
    await inTransaction(database().app, labs.a, async (c) => {
      expect((await c.query(`UPDATE lab_members SET role = 'admin' WHERE lab_id = $1`, [labs.b])).rowCount).toBe(0);
      // Moving one of lab A's rows into lab B is refused too.
      expect(await failure(c.query('UPDATE lab_members SET lab_id = $1', [labs.b]))).toMatchObject({ code: '42501' });
    });
    await inTransaction(database().app, labs.b, async (c) => expect((await c.query(`SELECT role FROM lab_members`)).rows.map((r) => r.role)).toEqual(['member', 'member', 'member']));
  });

  it('with no lab set, lab-owned tables answer no rows and take none', async () => {
    await inTransaction(database().app, null, async (c) => {
      expect(await labIds(c, 'audit_log')).toEqual([]);
      expect(await labIds(c, 'lab_members')).toEqual([]);
      expect(await failure(c.query(`INSERT INTO audit_log (lab_id, entity_type, entity_id, action) VALUES ($1, 'user', 1, 'x')`, [labs.a]))).toMatchObject({ code: '42501' });
    });
    // A statement outside any unit (autocommit, no set_config) is the same.
    const c = await database().app.connect();
    try {
      expect(await labIds(c, 'audit_log')).toEqual([]);
    } finally {
      c.release();
    }
  });

  it('the app role is not the owner, no superuser, no BYPASSRLS; it cannot turn the policies off', async () => {
    const { cluster } = database();
    await inTransaction(database().app, labs.a, async (c) => {
      const role = (await c.query('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user')).rows[0];
      expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
      const owners = (await c.query(`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.tableowner);
      expect(owners).toEqual([cluster.ownerRole]);
    });
    for (const sql of ['ALTER TABLE audit_log DISABLE ROW LEVEL SECURITY', 'ALTER TABLE audit_log NO FORCE ROW LEVEL SECURITY', 'DROP POLICY audit_log_lab ON audit_log']) {
      await inTransaction(database().app, labs.a, async (c) => expect(await failure(c.query(sql))).toMatchObject({ code: '42501', message: expect.stringContaining('must be owner') }));
    }
    // row_security = off does not show everything: the query fails instead.
    await inTransaction(database().app, labs.a, async (c) => {
      await c.query('SET LOCAL row_security = off');
      expect(await failure(c.query('SELECT * FROM audit_log'))).toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') });
    });
  });

  it('the audit log is only added to: the app role may not change or delete an entry', async () => {
    for (const sql of [`UPDATE audit_log SET action = 'x'`, 'DELETE FROM audit_log']) {
      await inTransaction(database().app, labs.a, async (c) => expect(await failure(c.query(sql))).toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') }));
    }
  });

  it('FORCE applies the policies to the owner too: without a lab it sees no lab-owned row', async () => {
    await inTransaction(database().owner, null, async (c) => expect(await labIds(c, 'audit_log')).toEqual([]));
    await inTransaction(database().owner, labs.b, async (c) => expect(await labIds(c, 'audit_log')).toHaveLength(3));
  });

  it('the stores answer within the lab: users, sessions and the audit log of lab A are not lab B’s', async () => {
    const data = pgTenancyData(database().app);
    const inA = await inLab(labs.a, () => data.read(async (r) => [(await r.users.all()).map((u) => u.username), await r.audit.count({}), await r.users.byUsername('b1')]));
    expect(inA).toEqual([['a1', 'a2'], 2, undefined]);
    const future = '2999-01-01T00:00:00.000Z';
    const now = new Date().toISOString();
    const b1 = await inLab(labs.b, () => data.read((r) => r.users.byUsername('b1')));
    await inLab(labs.b, () => data.withWriteTransaction((tx) => tx.sessions.insert({ token_hash: 'tb', user_id: b1!.id, created_at: now, last_seen_at: now, expires_at: future })));
    expect(await inLab(labs.a, () => data.read(async (r) => [await r.sessions.activeUser('tb', now), await r.sessions.live(now)]))).toEqual([undefined, []]);
    await inLab(labs.a, () => data.withWriteTransaction((tx) => tx.sessions.deleteAll()));
    expect((await inLab(labs.b, () => data.read((r) => r.sessions.activeUser('tb', now))))?.username).toBe('b1');
    // The one read before any lab: which lab a session is in.
    expect(await data.read((r) => r.sessions.labOf('tb', now))).toBe(labs.b);
    expect(await data.read((r) => r.sessions.labOf('tb', future))).toBeUndefined();
  });
});
