// Automatic backup before a schema migration (docs/design.md#data-directory). openDatabases calls it synchronously
// with the old-version databases open, so it writes a backup folder (backups/pre-migration-<time>/)
// rather than a zip. A brand-new directory (schema version 0) holds nothing to back up.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { schemaVersion } from '../db/migrate';
import type { Logger } from '../logging';
import { appVersion } from '../version';
import { BACKUPS_DIR, LAB_DB } from './layout';
import { writeBackupFolder, describeFsError } from './create-backup';
import { errorText, fileStamp } from './files';
import { applyRetention, PRE_MIGRATION_PREFIX } from './retention';
import { recordBackupResult } from './status';
import { SettingsStore } from '../settings';
import { StartFailureError } from '../../shared/start-failure';



function hasData(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return schemaVersion(db) > 0;
  } finally {
    db.close();
  }
}

/** Returns the backup folder written, or null when there was nothing to back up. Throws when the backup fails, so the migration does not run. */
export function backupBeforeMigration(dataDir: string, log: Logger, version = appVersion()): string | null {
  if (!hasData(path.join(dataDir, LAB_DB))) return null;
  const dest = path.join(dataDir, BACKUPS_DIR, `${PRE_MIGRATION_PREFIX}${fileStamp()}`);
  const started = Date.now();
  try {
    writeBackupFolder(dataDir, dest, { kind: 'pre-migration', appVersion: version });
  } catch (e) {
    fs.rmSync(dest, { recursive: true, force: true });
    const failure = new StartFailureError('preMigrationBackup', { detail: (e as NodeJS.ErrnoException).code ? describeFsError(e, dest).message : errorText(e) }, { cause: e });
    const message = failure.message;
    recordBackupResult(dataDir, { at: new Date().toISOString(), kind: 'pre-migration', ok: false, error: message, file: null, bytes: 0, durationMs: Date.now() - started });
    throw failure;
  }
  log.info({ dest }, 'automatic backup before migration written');
  recordBackupResult(dataDir, { at: new Date().toISOString(), kind: 'pre-migration', ok: true, error: null, file: path.relative(dataDir, dest), bytes: 0, durationMs: Date.now() - started });
  applyRetention(dataDir, new SettingsStore(dataDir, log).read().backupKeep, log);
  return dest;
}
