// Moving the data directory (Settings → Data → Move): with every connection closed, the databases
// are copied with VACUUM INTO and verified (integrity_check, identical row counts), the other
// files are copied, and only then is moved-to.json written into the old directory, which the
// data-directory resolution follows at the next start. The old directory stays until the user
// removes it; deleting its moved-to.json switches back.
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-error';
import { BACKUPS_DIR, COMPLETION_DB, LAB_DB, LOGS_DIR, PLAIN_FILES } from './layout';
import { snapshotDatabase, tableCounts } from './snapshot';
import { describeFsError } from './create-backup';
import { fsyncFile, listFiles, writeFileAtomic } from './files';

export { MOVED_POINTER } from '../data-dir/resolve';
import { MOVED_POINTER } from '../data-dir/resolve';

/**
 * Kernel and device file systems: never a data directory, and file-system calls there can block
 * or spin (a recursive mkdir under /proc never returns), so a target there is refused unread.
 */
export const SYSTEM_ROOTS = ['/proc', '/sys', '/dev'];

const isUnder = (p: string, root: string) => p === root || p.startsWith(root + path.sep);

/** True for a path inside a kernel or device file system (SYSTEM_ROOTS), never a folder on a disk. */
export function inSystemFolder(p: string): boolean {
  return process.platform !== 'win32' && SYSTEM_ROOTS.some((r) => isUnder(p, r));
}

/** `p` with the symbolic links of its nearest existing ancestor resolved (the rest does not exist yet). */
function realTarget(p: string): string {
  let existing = p;
  const rest: string[] = [];
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  return path.join(fs.realpathSync(existing), ...rest);
}


/** The checks on the path as given, before the file system is asked anything about it. */
export function checkMoveTargetPath(dataDir: string, target: string): string {
  if (!path.isAbsolute(target)) throw new BackupError('move.relativePath');
  const to = path.resolve(target);
  const from = path.resolve(dataDir);
  if (inSystemFolder(to)) {
    throw new BackupError('move.systemFolder', { path: to, roots: [...SYSTEM_ROOTS] });
  }
  if (isUnder(to, from) || isUnder(from, to)) throw new BackupError('move.overlaps');
  return to;
}

/** Checks the target before anything is copied (in the file worker: it stats the path); returns its absolute path. */
export function checkMoveTarget(dataDir: string, target: string): string {
  const to = checkMoveTargetPath(dataDir, target);
  const from = path.resolve(dataDir);
  const real = realTarget(to);
  if (process.platform !== 'win32' && SYSTEM_ROOTS.some((r) => isUnder(real, r))) {
    throw new BackupError('move.intoSystemFolder', { path: to, real });
  }
  const realFrom = fs.existsSync(from) ? fs.realpathSync(from) : from;
  if (isUnder(real, realFrom) || isUnder(realFrom, real)) throw new BackupError('move.overlaps');
  if (fs.existsSync(to) && (!fs.statSync(to).isDirectory() || fs.readdirSync(to).length > 0)) {
    throw new BackupError('move.notEmpty', { path: to });
  }
  // The folder the copy will write into (created with its missing parents): the nearest existing one.
  let parent = to;
  while (!fs.existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
  if (!fs.statSync(parent).isDirectory()) throw new BackupError('move.underFile', { path: parent });
  try {
    fs.accessSync(parent, fs.constants.W_OK);
  } catch (e) {
    throw BackupError.of(describeFsError(e, to));
  }
  return to;
}

/**
 * Creates the target, copies and verifies (in the file worker); every connection to dataDir must be
 * closed. Removes what it made on failure. The switch itself is `pointAt`, once this has succeeded.
 */
export function copyDataDir(dataDir: string, target: string): void {
  const createdTarget = !fs.existsSync(target);
  try {
    fs.mkdirSync(target, { recursive: true });
    for (const db of [LAB_DB, COMPLETION_DB]) {
      const src = path.join(dataDir, db);
      if (!fs.existsSync(src)) continue;
      const before = tableCounts(src);
      const facts = snapshotDatabase(src, path.join(target, db));
      if (JSON.stringify(facts.counts) !== JSON.stringify(before)) throw new BackupError('move.copyDiffers', { file: db });
    }
    const rest = [...PLAIN_FILES.filter((f) => fs.existsSync(path.join(dataDir, f))), ...listFiles(path.join(dataDir, LOGS_DIR)).map((f) => `${LOGS_DIR}/${f}`), ...listFiles(path.join(dataDir, BACKUPS_DIR)).map((f) => `${BACKUPS_DIR}/${f}`)];
    for (const f of rest) {
      const to = path.join(target, ...f.split('/'));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(dataDir, ...f.split('/')), to);
      fsyncFile(to);
      if (fs.statSync(to).size !== fs.statSync(path.join(dataDir, ...f.split('/'))).size) throw new BackupError('move.copyIncomplete', { file: f });
    }
  } catch (e) {
    if (createdTarget) fs.rmSync(target, { recursive: true, force: true });
    else for (const f of fs.readdirSync(target)) fs.rmSync(path.join(target, f), { recursive: true, force: true });
    if (e instanceof BackupError) throw e;
    throw BackupError.of(describeFsError(e, target));
  }
}

/** The switch: the next start follows moved-to.json in the old directory to the verified copy. */
export function pointAt(dataDir: string, target: string): void {
  writeFileAtomic(path.join(dataDir, MOVED_POINTER), JSON.stringify({ to: target, at: new Date().toISOString() }, null, 2));
}
