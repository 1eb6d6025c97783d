// The institute server's PostgreSQL schema: its migrations in order, one frozen file per version,
// numbered on their own from 1 (docs/postgres.md; the rule: src/main/db/README.md).
import type { PgMigration } from '../../pg/migrate';
import { v001 } from './v001-tenancy';

export const pgMigrations: readonly PgMigration[] = [v001];
