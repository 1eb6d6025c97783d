// The PostgreSQL schema's migrations (src/main/db/migrations/pg/, runner db/pg/migrate.ts): each
// version's own test, the versions table, a database newer than the code refused, a failed version
// leaving nothing, and two runners at once migrating once.
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { SchemaTooNewError } from '../../src/main/db/migrate';
import { pgMigrations } from '../../src/main/db/migrations/pg';
import { migratePg, pgSchemaVersion, refuseNewerPg, roleIdentifier, type PgMigration } from '../../src/main/db/pg/migrate';
import { sqlOn } from '../../src/main/db/pg/sql';
import { freshPgDatabase, onPgCleanup, type PgTestDatabase } from '../support/pg';

/** An unmigrated database, dropped after the test. */
async function emptyDatabase(): Promise<PgTestDatabase> {
  const db = await freshPgDatabase({ migrate: false });
  onPgCleanup(db);
  return db;
}

const migrate = (db: PgTestDatabase, migrations: readonly PgMigration[] = pgMigrations, pool: Pool = db.owner) => migratePg(pool, migrations, { appRole: db.cluster.appRole, name: db.name });
const versions = async (db: PgTestDatabase) => (await db.owner.query('SELECT version, description FROM schema_versions ORDER BY version')).rows;
const column = (pool: Pool, table: string) => pool.query(`SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`, [table]).then((r) => r.rows.map((c) => `${c.column_name} ${c.data_type}${c.is_nullable === 'NO' ? ' not null' : ''}`));

describe('PostgreSQL migrations', () => {
  it('v1: the tenancy tables, owned by the owner role, row-level security on the lab-owned ones, the app role’s grants', async () => {
    const db = await emptyDatabase();
    expect(await migrate(db, pgMigrations.filter((m) => m.version <= 1))).toEqual([1]);
    expect(await versions(db)).toEqual([{ version: 1, description: 'labs, users, lab members, sessions, audit log; row-level security by lab' }]);
    expect(await column(db.owner, 'labs')).toEqual(['id integer not null', 'name text not null', 'created_at text not null']);
    expect(await column(db.owner, 'users')).toEqual(['id integer not null', 'username text not null', 'display_name text not null', 'display_name_sort text not null', 'password_hash text not null', 'institute_admin boolean not null', 'created_at text not null', 'updated_at text not null']);
    expect(await column(db.owner, 'lab_members')).toEqual(['lab_id integer not null', 'user_id integer not null', 'role text not null', 'active integer not null']);
    expect(await column(db.owner, 'sessions')).toEqual(['token_hash text not null', 'user_id integer not null', 'lab_id integer not null', 'created_at text not null', 'last_seen_at text not null', 'expires_at text not null']);
    expect(await column(db.owner, 'audit_log')).toEqual(['id integer not null', 'lab_id integer not null', 'at text not null', 'user_id integer', 'entity_type text not null', 'entity_id integer not null', 'action text not null', 'changes text not null']);
    const tables = await db.owner.query(`SELECT relname, pg_get_userbyid(relowner) AS owner, relrowsecurity AS rls, relforcerowsecurity AS forced
      FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY relname`);
    const owner = db.cluster.ownerRole;
    expect(tables.rows).toEqual([
      { relname: 'audit_log', owner, rls: true, forced: true },
      { relname: 'lab_members', owner, rls: true, forced: true },
      { relname: 'labs', owner, rls: false, forced: false },
      { relname: 'schema_versions', owner, rls: false, forced: false },
      { relname: 'sessions', owner, rls: false, forced: false },
      { relname: 'users', owner, rls: false, forced: false },
    ]);
    const grants = await db.owner.query(`SELECT table_name, string_agg(privilege_type, ',' ORDER BY privilege_type) AS p FROM information_schema.role_table_grants
      WHERE grantee = $1 GROUP BY table_name ORDER BY table_name`, [db.cluster.appRole]);
    expect(grants.rows).toEqual([
      { table_name: 'audit_log', p: 'INSERT,SELECT' },
      { table_name: 'lab_members', p: 'INSERT,SELECT,UPDATE' },
      { table_name: 'labs', p: 'INSERT,SELECT,UPDATE' },
      { table_name: 'schema_versions', p: 'SELECT' },
      { table_name: 'sessions', p: 'DELETE,INSERT,SELECT,UPDATE' },
      { table_name: 'users', p: 'INSERT,SELECT,UPDATE' },
    ]);
    // The lab a new row is in defaults to the transaction's lab.
    const c = await db.owner.connect();
    try {
      await c.query('BEGIN');
      const lab = (await c.query(`INSERT INTO labs (name) VALUES ('A') RETURNING id`)).rows[0].id;
      await c.query(`SELECT set_config('app.lab_id', $1, true)`, [String(lab)]);
      expect((await c.query(`INSERT INTO audit_log (entity_type, entity_id, action) VALUES ('user', 1, 'x') RETURNING lab_id, at, changes`)).rows[0]).toEqual({ lab_id: lab, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), changes: '{}' });
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  it('a migrated database is left alone; the app role reads its version', async () => {
    const db = await emptyDatabase();
    expect(await migrate(db)).toEqual(pgMigrations.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const c = await db.app.connect();
    try {
      expect(await pgSchemaVersion(sqlOn(c))).toBe(pgMigrations.length);
    } finally {
      c.release();
    }
  });

  it('a database newer than the code is refused (schemaTooNew), by the runner and at the app’s start, and not touched', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    const latest = pgMigrations.length;
    await db.owner.query(`INSERT INTO schema_versions (version, description) VALUES ($1, 'from a newer server')`, [latest + 1]);
    const refused = await migrate(db).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect(refused).toMatchObject({ startKey: 'schemaTooNew', startParams: { file: db.name, found: latest + 1, supported: latest } });
    const c = await db.app.connect();
    try {
      await expect(refuseNewerPg(sqlOn(c), pgMigrations, db.name)).rejects.toBeInstanceOf(SchemaTooNewError);
    } finally {
      c.release();
    }
    expect(await versions(db)).toHaveLength(latest + 1);
  });

  it('a version that fails leaves nothing of itself and is not recorded', async () => {
    const db = await emptyDatabase();
    const broken: PgMigration = {
      version: pgMigrations.length + 1,
      description: 'fails half-way',
      async up(sql) {
        await sql.run('CREATE TABLE half_done (x integer)');
        await sql.run('SELECT no_such_function()');
      },
    };
    await expect(migrate(db, [...pgMigrations, broken])).rejects.toMatchObject({ code: '42883' });
    expect((await versions(db)).map((v) => v.version)).toEqual(pgMigrations.map((m) => m.version));
    expect((await db.owner.query(`SELECT to_regclass('half_done') AS t`)).rows[0].t).toBeNull();
  });

  it('two runners starting at once migrate once: the second waits for the lock and finds nothing to do', async () => {
    const db = await emptyDatabase();
    const results = await Promise.all([migrate(db, pgMigrations, db.pool('owner')), migrate(db, pgMigrations, db.pool('owner'))]);
    expect(results.map((r) => r.length).sort()).toEqual([0, pgMigrations.length]);
    expect(await versions(db)).toHaveLength(pgMigrations.length);
  });

  it('the app role’s name is an identifier or refused', () => {
    expect(roleIdentifier('lab_app')).toBe('"lab_app"');
    for (const bad of ['Lab', 'a-b', 'x"; DROP TABLE users; --', '']) expect(() => roleIdentifier(bad)).toThrow(RangeError);
  });
});
