// Forward-only schema migrations keyed by PRAGMA user_version. Each step runs in its own
// transaction; a database newer than this app is refused rather than touched.
import type { Db } from './open';
import { StartFailureError } from '../../shared/start-failure';

export interface Migration {
  version: number;
  description: string;
  up(db: Db): void;
}

export class SchemaTooNewError extends StartFailureError {
  constructor(readonly file: string, readonly found: number, readonly supported: number) {
    super('schemaTooNew', { file, found, supported });
    this.name = 'SchemaTooNewError';
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((m, x) => Math.max(m, x.version), 0);
}

/** Versions that `migrate` would apply; lets the caller back up before a migration. */
export function pendingMigrations(db: Db, migrations: readonly Migration[], name = 'database'): Migration[] {
  const current = schemaVersion(db);
  const latest = latestVersion(migrations);
  if (current > latest) throw new SchemaTooNewError(name, current, latest);
  return [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version > current);
}

export function migrate(db: Db, migrations: readonly Migration[], name = 'database'): number[] {
  const applied: number[] = [];
  for (const m of pendingMigrations(db, migrations, name)) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}
