// The engines a store contract runs on: lab.db on SQLite (a migrated file in a temp directory) and,
// when the run has a PostgreSQL cluster, the PostgreSQL stores on a database of this test file,
// emptied before each test and entered in a lab of its own. Each engine answers the same units of
// work over the users, sessions and audit stores, plus a test-only `spool` store that fills the
// bulk import's spooled rows the way each engine keeps them.
import path from 'node:path';
import { migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { openDatabase, type Db } from '../../src/main/db/open';
import { inLab } from '../../src/main/db/lab-scope';
import type { Sql } from '../../src/main/db/pg/sql';
import { pgUnitOfWork } from '../../src/main/db/pg/unit-of-work';
import { sqliteUnitOfWork, type UnitOfWork } from '../../src/main/db/unit-of-work';
import { promised } from '../../src/main/stores/async-store';
import { auditStore } from '../../src/main/stores/audit-store';
import type { LabWrites } from '../../src/main/stores/lab-data';
import { PG_SPOOL_ROWS } from '../../src/main/stores/pg/audit-store';
import { pgTenancyData, tenancyStores } from '../../src/main/stores/pg/tenancy-data';
import { sessionStore } from '../../src/main/stores/session-store';
import { userStore } from '../../src/main/stores/user-store';
import { SPOOL_SCHEMA } from '../../src/main/stores/import-spool-store';
import { emptyPgTables, pgCluster, usePgDatabase, type PgTestDatabase } from '../support/pg';
import { onCleanup, tempDir } from '../support/temp';

export interface SpoolFill {
  /** Puts rows (n, audit_changes) where the engine's insertSpooled reads them. */
  fill(rows: Array<{ n: number; changes: string }>): Promise<void>;
}
export type ContractStores = Pick<LabWrites, 'users' | 'sessions' | 'audit'> & { spool: SpoolFill };
export type ContractData = UnitOfWork<ContractStores, ContractStores>;

export interface Engine {
  name: string;
  /** What the engine needs for the whole test file (hooks); called in the engine's describe. */
  prepare(): void;
  /** A fresh, empty lab behind units of work. */
  open(): Promise<ContractData>;
}

function sqliteSpool(db: Db): SpoolFill {
  return {
    fill: async (rows) => {
      db.prepare(`DELETE FROM ${SPOOL_SCHEMA}.rows`).run();
      const put = db.prepare(`INSERT INTO ${SPOOL_SCHEMA}.rows (n, audit_changes) VALUES (?, ?)`);
      for (const r of rows) put.run(r.n, r.changes);
    },
  };
}

const sqlite: Engine = {
  name: 'SQLite',
  prepare: () => undefined,
  open: async () => {
    const file = path.join(tempDir(), 'lab.db');
    const write = openDatabase(file);
    migrate(write, labMigrations);
    // SQLite attaches a bulk import's spool file; ATTACH cannot run inside a transaction.
    write.exec(`ATTACH ':memory:' AS ${SPOOL_SCHEMA}; CREATE TABLE ${SPOOL_SCHEMA}.rows (n INTEGER PRIMARY KEY, audit_changes TEXT NOT NULL)`);
    const read = openDatabase(file, { readonly: true });
    onCleanup(() => {
      read.close();
      write.close();
    });
    const stores = (db: Db): ContractStores => ({ users: promised(userStore(db)), sessions: promised(sessionStore(db)), audit: promised(auditStore(db)), spool: sqliteSpool(db) });
    return sqliteUnitOfWork({ write, read, readStores: stores, writeStores: stores });
  },
};

function pgSpool(sql: Sql): SpoolFill {
  return {
    fill: async (rows) => {
      await sql.run(`CREATE TEMP TABLE IF NOT EXISTS spool_rows (n integer PRIMARY KEY, audit_changes text NOT NULL) ON COMMIT DROP`);
      for (const r of rows) await sql.run(`INSERT INTO ${PG_SPOOL_ROWS} (n, audit_changes) VALUES ($1, $2)`, [r.n, r.changes]);
    },
  };
}

/** Every unit of `data` run inside lab `labId`. */
function inLabUnits<R, W>(labId: number, data: UnitOfWork<R, W>): UnitOfWork<R, W> {
  return { read: (fn) => inLab(labId, () => data.read(fn)), withWriteTransaction: (fn) => inLab(labId, () => data.withWriteTransaction(fn)) };
}

function postgres(): Engine {
  let database: (() => PgTestDatabase) | undefined;
  return {
    name: 'PostgreSQL',
    prepare: () => void (database = usePgDatabase()),
    open: async () => {
      const db = database!();
      await emptyPgTables(db);
      const labId = await pgTenancyData(db.app).withWriteTransaction((tx) => tx.labs.create('Lab A'));
      const stores = (sql: Sql): ContractStores => ({ ...tenancyStores(sql), spool: pgSpool(sql) });
      return inLabUnits(labId, pgUnitOfWork({ pool: db.app, readStores: stores, writeStores: stores }));
    },
  };
}

/** SQLite always; PostgreSQL when the run has a cluster. */
export const ENGINES: Engine[] = pgCluster ? [sqlite, postgres()] : [sqlite];
