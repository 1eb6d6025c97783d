// Forward-only schema migrations on PostgreSQL, numbered in a versions table of their own
// (`schema_versions`; the numbering: docs/postgres.md). Run by the schema owner role. Each version
// is applied in its own transaction and recorded in it; a session advisory lock makes two servers
// starting at once migrate once (the second waits, then finds nothing pending). A database newer
// than this code is refused before anything is touched.
import type { Pool } from 'pg';
import { SchemaTooNewError } from '../migrate';
import { unavailableOr } from './errors';
import { sqlOn, type Sql } from './sql';

export interface PgMigrationContext {
  /** The application role, as a quoted identifier: the grants a version makes are to it. */
  appRole: string;
}

export interface PgMigration {
  version: number;
  description: string;
  up(sql: Sql, ctx: PgMigrationContext): Promise<void>;
}

// pg_advisory_lock's key for "this database's schema is being migrated" (any constant of ours).
const MIGRATION_LOCK = 7_304_271_021;

/** A role name as an SQL identifier; anything but a plain lower-case name is refused. */
export function roleIdentifier(role: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new RangeError(`a database role name is lower-case letters, digits and _, not "${role}"`);
  return `"${role}"`;
}

/** The version the database is at (0: never migrated); readable by the application role. */
export async function pgSchemaVersion(sql: Sql): Promise<number> {
  const table = await sql.get<{ t: string | null }>(`SELECT to_regclass('schema_versions')::text AS t`);
  if (!table?.t) return 0;
  return (await sql.get<{ v: number }>('SELECT coalesce(max(version), 0)::int AS v FROM schema_versions'))!.v;
}

/** Refuses a database newer than `migrations` (SchemaTooNewError, key `schemaTooNew`). */
export async function refuseNewerPg(sql: Sql, migrations: readonly PgMigration[], name: string): Promise<number> {
  const found = await pgSchemaVersion(sql);
  const supported = Math.max(0, ...migrations.map((m) => m.version));
  if (found > supported) throw new SchemaTooNewError(name, found, supported);
  return found;
}

async function applyOne(sql: Sql, m: PgMigration, ctx: PgMigrationContext): Promise<void> {
  await sql.run('BEGIN');
  try {
    await m.up(sql, ctx);
    await sql.run('INSERT INTO schema_versions (version, description) VALUES ($1, $2)', [m.version, m.description]);
    await sql.run('COMMIT');
  } catch (e) {
    await sql.run('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/**
 * Brings the database behind `ownerPool` (connected as the schema owner) up to the latest of
 * `migrations`; answers the versions applied. `name` names the database in a refusal.
 */
export async function migratePg(ownerPool: Pool, migrations: readonly PgMigration[], opts: { appRole: string; name: string }): Promise<number[]> {
  const ctx: PgMigrationContext = { appRole: roleIdentifier(opts.appRole) };
  const client = await ownerPool.connect().catch((e: unknown) => Promise.reject(unavailableOr(e)));
  const sql = sqlOn(client);
  try {
    await sql.run('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await sql.run(`CREATE TABLE IF NOT EXISTS schema_versions (
      version integer PRIMARY KEY,
      description text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`);
    await sql.run(`GRANT SELECT ON schema_versions TO ${ctx.appRole}`);
    const current = await refuseNewerPg(sql, migrations, opts.name);
    const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version > current);
    for (const m of pending) await applyOne(sql, m, ctx);
    return pending.map((m) => m.version);
  } finally {
    // The lock is the session's: a pooled connection given back would keep holding it, so a
    // connection that cannot unlock is destroyed instead.
    const unlocked = await sql.run('SELECT pg_advisory_unlock_all()').then(() => true, () => false);
    client.release(!unlocked);
  }
}
