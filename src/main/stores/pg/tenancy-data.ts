// The tables on PostgreSQL so far (docs/postgres.md) behind the same seam as lab.db's
// (stores/lab-data.ts): units of work on a pool, with the PostgreSQL stores inside, each of the
// shared ones typed exactly as its lab.db counterpart. The rest of LabData joins as each store
// gets its PostgreSQL form.
import type { Pool } from 'pg';
import type { Sql } from '../../db/pg/sql';
import { pgUnitOfWork } from '../../db/pg/unit-of-work';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { LabReads, LabWrites } from '../lab-data';
import { pgAuditStore } from './audit-store';
import { pgLabStore, type PgLabReads, type PgLabWrites } from './lab-store';
import { pgSessionStore, type PgSessionWrites } from './session-store';
import { pgUserStore } from './user-store';

type Shared = 'users' | 'sessions' | 'audit';

export type TenancyReads = Pick<LabReads, Shared> & { labs: PgLabReads; sessions: Pick<PgSessionWrites, 'labOf'> };
export type TenancyWrites = Pick<LabWrites, Shared> & { labs: PgLabWrites; sessions: PgSessionWrites };
export type TenancyData = UnitOfWork<TenancyReads, TenancyWrites>;

/** Every PostgreSQL store on one unit's connection. */
export function tenancyStores(sql: Sql): TenancyWrites {
  return { users: pgUserStore(sql), sessions: pgSessionStore(sql), audit: pgAuditStore(sql), labs: pgLabStore(sql) };
}

/** Units of work on `pool` (connected as the application role). */
export function pgTenancyData(pool: Pool): TenancyData {
  return pgUnitOfWork<TenancyReads, TenancyWrites>({ pool, readStores: tenancyStores, writeStores: tenancyStores });
}
