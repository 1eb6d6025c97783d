// Limits on what a restore source may bring in (docs/data-directory.md, "Restore"): no symbolic
// links anywhere in what is copied (a link would copy a file from outside the backup), and a cap
// on the expanded size (a small zip can expand to a huge log and fill the disk).
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-error';
import { LOGS_DIR } from './layout';

/** Everything a restore may expand to, databases included. */
export const MAX_RESTORE_BYTES = 16 * 1024 ** 3;
/** The logs a restore may bring (the app itself keeps at most 5 × 5 MB of its own). */
export const MAX_RESTORE_LOG_BYTES = 64 * 1024 ** 2;

const mib = (n: number) => `${Math.ceil(n / 1024 ** 2)} MiB`;

/** Refuses sources whose files (as the manifest or the folder lists them) expand beyond the caps. */
export function checkExpandedSize(files: ReadonlyArray<{ path: string; size: number }>): void {
  let total = 0;
  let logs = 0;
  for (const f of files) {
    if (!Number.isSafeInteger(f.size) || f.size < 0) throw new BackupError('restore.impossibleSize', { file: f.path });
    total += f.size;
    if (f.path.startsWith(`${LOGS_DIR}/`)) logs += f.size;
  }
  if (total > MAX_RESTORE_BYTES || logs > MAX_RESTORE_LOG_BYTES) {
    throw new BackupError('restore.tooLarge', { total: mib(total), logs: mib(logs), max: mib(MAX_RESTORE_BYTES), maxLogs: mib(MAX_RESTORE_LOG_BYTES) });
  }
}

/** Refuses `rel` under `root` when it, or any folder on the way to it, is a symbolic link. */
export function refuseLinks(root: string, rel: string): void {
  let p = root;
  for (const part of rel.split('/')) {
    p = path.join(p, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // missing: the caller reports what it expected
    }
    if (st.isSymbolicLink()) throw new BackupError('restore.symlink', { file: rel });
  }
}

/** Regular files under `dir` (relative, forward slashes) with their sizes; refuses any link. */
export function listPlainFiles(root: string, rel: string): Array<{ path: string; size: number }> {
  refuseLinks(root, rel);
  const dir = path.join(root, ...rel.split('/'));
  if (!fs.existsSync(dir)) return [];
  const out: Array<{ path: string; size: number }> = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const r = `${rel}/${e.name}`;
    if (e.isSymbolicLink()) throw new BackupError('restore.symlink', { file: r });
    if (e.isDirectory()) out.push(...listPlainFiles(root, r));
    else if (e.isFile()) out.push({ path: r, size: fs.statSync(path.join(dir, e.name)).size });
  }
  return out;
}
