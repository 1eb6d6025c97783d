// backups/status.json: the last backup's time and result (Settings → Data shows it) and the time of
// the last automatic one (the daily schedule reads it). Lives in backups/, so it is neither backed
// up nor replaced by a restore.
import fs from 'node:fs';
import path from 'node:path';
import { BACKUPS_DIR } from './layout';
import { writeFileAtomic } from './files';
import type { BackupRecordInfo } from '../../shared/contract/data';

/** What status.json holds; its records are the contract's (Settings → Data shows them as stored). */
export interface BackupStatusFile {
  last: BackupRecordInfo | null;
  lastGood: BackupRecordInfo | null;
  lastAutomaticAt: string | null;
}

const STATUS_FILE = 'status.json';

export function readBackupStatus(dataDir: string): BackupStatusFile {
  try {
    return { last: null, lastGood: null, lastAutomaticAt: null, ...(JSON.parse(fs.readFileSync(path.join(dataDir, BACKUPS_DIR, STATUS_FILE), 'utf8')) as Partial<BackupStatusFile>) };
  } catch {
    return { last: null, lastGood: null, lastAutomaticAt: null };
  }
}

export function recordBackupResult(dataDir: string, r: BackupRecordInfo): void {
  const cur = readBackupStatus(dataDir);
  const next: BackupStatusFile = {
    last: r,
    lastGood: r.ok ? r : cur.lastGood,
    lastAutomaticAt: r.ok && r.kind === 'automatic' ? r.at : cur.lastAutomaticAt,
  };
  try {
    fs.mkdirSync(path.join(dataDir, BACKUPS_DIR), { recursive: true });
    writeFileAtomic(path.join(dataDir, BACKUPS_DIR, STATUS_FILE), JSON.stringify(next, null, 2));
  } catch {
    /* an unwritable backups/ already failed the backup itself; the status is informational */
  }
}
