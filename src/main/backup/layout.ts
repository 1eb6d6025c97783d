// What a data directory holds (docs/design.md#data-directory) and what of it a backup carries. One list, so backup,
// restore, move and the cold-copy check agree on the files.
import { COMPLETION_DB, LAB_DB } from '../db/databases';
import { SETTINGS_FILE } from '../settings';
import { LOCK_FILE } from '../data-dir/instance-lock';
import { REBUILD_LOCK_FILE } from '../completion/rebuild-lock';
import { EDITION_FILES } from '../reference/editions-file';

export const IMPORT_BATCH_FILE = 'import-batch.json';
export const BACKUPS_DIR = 'backups';
export const LOGS_DIR = 'logs';
/** Where restore keeps the files it replaced: replaced/<timestamp>/. */
export const REPLACED_DIR = 'replaced';
export { LAB_DB, COMPLETION_DB, SETTINGS_FILE, LOCK_FILE };

export const DATABASES = [LAB_DB, COMPLETION_DB] as const;
/**
 * Files copied as they are (they are written atomically by their owners): the settings, the cart
 * batch, and the imported reference editions (a CSV per list, up to a few MB, and the JSON naming them).
 */
export const PLAIN_FILES = [SETTINGS_FILE, IMPORT_BATCH_FILE, ...EDITION_FILES] as const;

/**
 * Every live file a restore replaces. The -wal/-shm files must go together with their database:
 * an old -wal left beside a restored .db would be replayed into it.
 */
export const LIVE_FILES = [
  LAB_DB,
  `${LAB_DB}-wal`,
  `${LAB_DB}-shm`,
  `${LAB_DB}-journal`,
  COMPLETION_DB,
  `${COMPLETION_DB}-wal`,
  `${COMPLETION_DB}-shm`,
  `${COMPLETION_DB}-journal`,
  REBUILD_LOCK_FILE,
  SETTINGS_FILE,
  IMPORT_BATCH_FILE,
  ...EDITION_FILES,
] as const;

/**
 * The only paths a backup may hold (besides manifest.json): the two databases, the plain files and
 * logs. Anything else — an instance.lock, a restore journal, a move pointer, `..` — would be put in
 * place by a restore, so a backup naming one is refused.
 */
export function isBackupPath(p: string): boolean {
  if ((DATABASES as readonly string[]).includes(p) || (PLAIN_FILES as readonly string[]).includes(p)) return true;
  const parts = p.split('/');
  return parts.length >= 2 && parts[0] === LOGS_DIR && parts.every((seg) => seg !== '' && seg !== '.' && seg !== '..' && !seg.includes('\\') && !seg.includes(':'));
}
