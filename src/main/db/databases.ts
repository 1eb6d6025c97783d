// Opens lab.db and completion.db of a data directory and brings both schemas up to date.
import path from 'node:path';
import { openDatabase, type Db } from './open';
import { migrate, pendingMigrations, type Migration } from './migrate';
import { openCompletion, openLab } from './damage';
import { labMigrations } from './migrations/lab';
import { completionMigrations } from './migrations/completion';

export const LAB_DB = 'lab.db';
export const COMPLETION_DB = 'completion.db';
export { LabDatabaseDamagedError } from './damage';

export interface Databases {
  /** The service process's one read-write connection to lab.db: write units (docs/stores.md). */
  lab: Db;
  /** A read-only connection to the same lab.db: read units, which never see uncommitted rows. */
  labRead: Db;
  /** Replaced while the app runs when the file is found damaged (reopenCompletion). */
  completion: Db;
  close(): void;
}

export interface OpenDatabasesOptions {
  /** Called once before any migration runs, with the versions about to be applied (automatic backup). */
  beforeMigrate?: (pending: { lab: Migration[]; completion: Migration[] }) => void;
  /** completion.db was damaged: it was moved aside to `movedTo` and a fresh one created. */
  onCompletionDamaged?: (info: { movedTo: string; error: string }) => void;
  /**
   * Runs on lab.db once both schemas are up to date, before the databases are handed out: the
   * caller's check of derived structures (the list search indexes: records/search-index.ts
   * ensureSearchIndexes). A throw closes both and fails the open.
   */
  afterMigrate?: (lab: Db) => void;
}

export function openDatabases(dataDir: string, opts: OpenDatabasesOptions = {}): Databases {
  const lab = openLab(path.join(dataDir, LAB_DB));
  let completion: Db;
  try {
    completion = openCompletion(path.join(dataDir, COMPLETION_DB), opts.onCompletionDamaged);
  } catch (e) {
    lab.close();
    throw e;
  }
  try {
    const pending = {
      lab: pendingMigrations(lab, labMigrations, LAB_DB),
      completion: pendingMigrations(completion, completionMigrations, COMPLETION_DB),
    };
    if (opts.beforeMigrate && (pending.lab.length || pending.completion.length)) opts.beforeMigrate(pending);
    migrate(lab, labMigrations, LAB_DB);
    migrate(completion, completionMigrations, COMPLETION_DB);
    opts.afterMigrate?.(lab);
  } catch (e) {
    lab.close();
    completion.close();
    throw e;
  }
  let labRead: Db;
  try {
    labRead = openDatabase(path.join(dataDir, LAB_DB), { readonly: true });
  } catch (e) {
    lab.close();
    completion.close();
    throw e;
  }
  const dbs: Databases = {
    lab,
    labRead,
    completion,
    close() {
      if (labRead.open) labRead.close();
      if (lab.open) lab.close();
      if (dbs.completion.open) dbs.completion.close();
    },
  };
  return dbs;
}

/**
 * completion.db again, while the app runs, after a connection found it damaged: the start-up
 * check and move-aside (openCompletion, `onDamaged` as at start), then the schema. No backup before
 * the migration as at start: only a fresh file has one to run (derived data; lab.db is not touched).
 */
export function reopenCompletion(dataDir: string, onDamaged?: OpenDatabasesOptions['onCompletionDamaged']): Db {
  const completion = openCompletion(path.join(dataDir, COMPLETION_DB), onDamaged);
  try {
    migrate(completion, completionMigrations, COMPLETION_DB);
  } catch (e) {
    completion.close();
    throw e;
  }
  return completion;
}
