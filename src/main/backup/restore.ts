// Restore = stage and verify the source (live data untouched; the app keeps running meanwhile),
// then swap it in with every connection closed (restore-journal.ts), check that it opens, and
// carry over the sessions valid before it (auth/session-carry.ts). Used by the running app
// (through the composition root's reopen) and by the CLI (holding the instance lock).
import fs from 'node:fs';
import path from 'node:path';
import { labMigrations } from '../db/migrations/lab';
import { completionMigrations } from '../db/migrations/completion';
import { latestVersion } from '../db/migrate';
import { BackupError } from './backup-error';
import { AppError } from '../../shared/errors';
import { stageRestoreSource, type RestorePreview } from './source';
import { STAGING_PREFIX, swapInRestore, type StepHook } from './restore-journal';
import { describeFsError } from './create-backup';
import { fileStamp } from './files';
import { LAB_DB, openDatabases } from '../db/databases';
import { ensureSearchIndexes } from '../records/search-index';
import { openDatabase, type Db } from '../db/open';
import { carrySessions, readLiveSessions } from '../auth/session-carry';
import { backupBeforeMigration } from './pre-migration';
import type { Logger } from '../logging';
import { msg } from '../../shared/messages';

export interface StagedRestore {
  dataDir: string;
  stagingName: string;
  preview: RestorePreview;
  discard(): void;
}

export const appSchemaLimits = () => ({ labLatest: latestVersion(labMigrations), completionLatest: latestVersion(completionMigrations) });

/**
 * Verifies `source` into a staging folder inside dataDir. Throws BackupError (nothing changed).
 * `stage` does the extraction and checks (the running app passes one that runs in the file worker).
 */
export async function stageRestore(dataDir: string, source: string, stage: typeof stageRestoreSource = stageRestoreSource): Promise<StagedRestore> {
  const abs = path.resolve(source);
  const dd = path.resolve(dataDir);
  if (abs === dd) throw new BackupError('restore.currentDataDir');
  if (abs.startsWith(dd + path.sep) && !abs.startsWith(path.join(dd, 'backups') + path.sep) && !abs.startsWith(path.join(dd, 'replaced') + path.sep)) {
    throw new BackupError('restore.insideDataDir');
  }
  const stagingName = `${STAGING_PREFIX}${fileStamp()}-${process.pid}`;
  const staging = path.join(dataDir, stagingName);
  const discard = () => fs.rmSync(staging, { recursive: true, force: true });
  try {
    const preview = await stage(abs, staging, appSchemaLimits());
    return { dataDir, stagingName, preview, discard };
  } catch (e) {
    discard();
    if (e instanceof BackupError || e instanceof AppError) throw e;
    if ((e as NodeJS.ErrnoException).code) throw BackupError.of(describeFsError(e, msg('fs.target.staging', { path: dataDir })));
    throw e;
  }
}

/** Swaps a staged restore in; every connection to the data directory must be closed. */
export function commitRestore(staged: StagedRestore, step?: StepHook): { replacedDir: string } {
  try {
    return { replacedDir: swapInRestore(staged.dataDir, staged.stagingName, step) };
  } catch (e) {
    staged.discard();
    throw new BackupError('restore.swapFailed', { reason: describeFsError(e, msg('fs.target.dataDir')) });
  }
}

/**
 * Opens the restored databases once (running any upgrade, after its automatic backup). Should that
 * fail, the replaced files are swapped back in the same journalled way and the error is rethrown,
 * so the app reopens on the data it had.
 */
function verifyOpensOrPutBack(dataDir: string, replacedDir: string, log: Logger): void {
  try {
    openDatabases(dataDir, {
      beforeMigrate: () => backupBeforeMigration(dataDir, log),
      afterMigrate: (lab) => void ensureSearchIndexes(lab),
    }).close();
  } catch (e) {
    swapInRestore(dataDir, replacedDir);
    throw new BackupError('restore.openFailed', { detail: (e as Error).message });
  }
}

/** Runs `fn` on the data directory's lab.db if there is one (a first restore into an empty directory has none). */
function withLabDb<T>(dataDir: string, fn: (db: Db) => T, none: T): T {
  const file = path.join(dataDir, LAB_DB);
  if (!fs.existsSync(file)) return none;
  const db = openDatabase(file);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * The whole swap of a staged restore, every connection to the data directory closed: the files
 * swapped in, opened once (or put back), and the sessions valid just before it carried over for
 * the accounts the restored data has — a session logged out since the backup stays logged out.
 */
export function applyRestore(staged: StagedRestore, log: Logger, step?: StepHook): { replacedDir: string } {
  const live = withLabDb(staged.dataDir, (db) => readLiveSessions(db), []);
  const { replacedDir } = commitRestore(staged, step);
  verifyOpensOrPutBack(staged.dataDir, replacedDir, log);
  withLabDb(staged.dataDir, (db) => carrySessions(db, live), 0);
  return { replacedDir };
}
