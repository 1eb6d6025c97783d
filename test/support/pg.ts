// Test support for the PostgreSQL engine: the run's cluster (test/support/pg-cluster.ts, null when
// PostgreSQL is not installed) and a fresh database per test file, owned by the schema owner role
// and migrated, with pools for each role; everything is closed and dropped after the file.
import { randomBytes } from 'node:crypto';
import { Client, type Pool } from 'pg';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { pgMigrations } from '../../src/main/db/migrations/pg';
import { migratePg } from '../../src/main/db/pg/migrate';
import { createPgPool } from '../../src/main/db/pg/pool';
import type { PgClusterInfo } from './pg-cluster';

export type { PgClusterInfo };

/** The run's cluster, or null when PostgreSQL is not installed. */
export const pgCluster: PgClusterInfo | null = inject('pg');

export function requireCluster(): PgClusterInfo {
  if (!pgCluster) throw new Error('test/pg/ runs only with PostgreSQL (vitest.config.mts leaves it out otherwise)');
  return pgCluster;
}

/** A postgres:// URL for `user` on database `db` over the cluster's unix socket. */
export function pgUrl(c: PgClusterInfo, user: string, db: string): string {
  return `postgres://${user}@localhost:${c.port}/${db}?host=${encodeURIComponent(c.socketDir)}`;
}

async function asSuperuser<T>(c: PgClusterInfo, fn: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: pgUrl(c, c.superuser, 'postgres') });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

export interface PgTestDatabase {
  name: string;
  cluster: PgClusterInfo;
  /** Connected as the schema owner (migrations). */
  owner: Pool;
  /** Connected as the application role (the stores). */
  app: Pool;
  /** Connected as the cluster's superuser (what a test does behind the app's back). */
  admin: Pool;
  /** A further pool as `role` (each its own connections). */
  pool(role: 'owner' | 'app' | 'admin'): Pool;
  /** Ends the pools and drops the database. */
  close(): Promise<void>;
}

/**
 * A new empty database owned by the schema owner, migrated to the latest version unless
 * `migrate: false`. `close()` ends its pools and drops it.
 */
export async function freshPgDatabase(opts: { migrate?: boolean } = {}): Promise<PgTestDatabase> {
  const cluster = requireCluster();
  const name = `lab_test_${randomBytes(6).toString('hex')}`;
  await asSuperuser(cluster, (a) => a.query(`CREATE DATABASE ${name} OWNER ${cluster.ownerRole}`));
  const pools: Pool[] = [];
  const role = { owner: cluster.ownerRole, app: cluster.appRole, admin: cluster.superuser };
  const pool = (r: keyof typeof role) => {
    const p = createPgPool(pgUrl(cluster, role[r], name), { max: 4 });
    pools.push(p);
    return p;
  };
  const close = async () => {
    await Promise.all(pools.map((p) => p.end()));
    await asSuperuser(cluster, (a) => a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  const db: PgTestDatabase = { name, cluster, owner: pool('owner'), app: pool('app'), admin: pool('admin'), pool, close };
  if (opts.migrate !== false) await migratePg(db.owner, pgMigrations, { appRole: cluster.appRole, name });
  return db;
}

/** Empties every v1 table and restarts their ids at 1, as a new lab.db would number them. */
export async function emptyPgTables(db: PgTestDatabase): Promise<void> {
  await db.owner.query('TRUNCATE labs, users, lab_members, sessions, audit_log RESTART IDENTITY CASCADE');
}

/** The test file's database: made before its first test, dropped after its last. */
export function usePgDatabase(opts: { migrate?: boolean } = {}): () => PgTestDatabase {
  let db: PgTestDatabase | undefined;
  beforeAll(async () => {
    db = await freshPgDatabase(opts);
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error('the test database is made in beforeAll');
    return db;
  };
}

/** Drops `db` when the running test ends. */
export function onPgCleanup(db: PgTestDatabase): void {
  onTestFinished(() => db.close());
}
