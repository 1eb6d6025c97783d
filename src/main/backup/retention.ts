// Retention of automatic backups (daily auto-<time>.zip and pre-migration-<time>/ folders in
// backups/): keep the newest N complete ones. Manual backups are never deleted. Only complete
// backups count, so the newest good backup always survives; an incomplete pre-migration folder
// (no manifest: a crash while writing it) is removed as debris.
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logging';
import type { BackupListEntry as BackupEntry } from '../../shared/contract/data';
import { BACKUPS_DIR } from './layout';
import { MANIFEST_FILE } from './manifest';
import { dirSize, isGone, statIfPresent } from './files';
import { MAX_BACKUP_KEEP } from '../settings';

export const DEFAULT_KEEP = 14;
export const AUTO_PREFIX = 'auto-';
export const PRE_MIGRATION_PREFIX = 'pre-migration-';

/** Backups in <dataDir>/backups, newest first (names carry an ISO time stamp after their prefix). */
export function listBackups(dataDir: string): BackupEntry[] {
  const dir = path.join(dataDir, BACKUPS_DIR);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (isGone(e)) return [];
    throw e;
  }
  const out: BackupEntry[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    const kind = e.name.startsWith(AUTO_PREFIX) ? 'automatic' : e.name.startsWith(PRE_MIGRATION_PREFIX) ? 'pre-migration' : 'manual';
    // Retention or a user may remove a backup while it is listed: what is gone is left out.
    const st = statIfPresent(p);
    if (!st) continue;
    if (e.isFile() && e.name.endsWith('.zip')) {
      out.push({ name: e.name, kind, form: 'archive', complete: true, bytes: st.size, modifiedAt: st.mtime.toISOString() });
    } else if (e.isDirectory()) {
      const complete = fs.existsSync(path.join(p, MANIFEST_FILE));
      out.push({ name: e.name, kind, form: 'folder', complete, bytes: dirSize(p), modifiedAt: st.mtime.toISOString() });
    }
  }
  const stamp = (n: string) => n.replace(/^(auto-|pre-migration-|backup-)/, '');
  return out.sort((a, b) => (stamp(a.name) < stamp(b.name) ? 1 : stamp(a.name) > stamp(b.name) ? -1 : 0));
}

/** How many to keep for any `keep` given: a whole number from 1 to 365, the default when not a number. */
export function retentionCount(keep: unknown): number {
  if (typeof keep !== 'number' || !Number.isFinite(keep)) return DEFAULT_KEEP;
  return Math.min(MAX_BACKUP_KEEP, Math.max(1, Math.floor(keep)));
}

/**
 * Deletes automatic backups beyond the newest `keep` complete ones; returns the names deleted.
 * Whatever `keep` says, the newest complete automatic backup is never deleted.
 */
export function applyRetention(dataDir: string, keep: unknown = DEFAULT_KEEP, log?: Logger): string[] {
  const n = retentionCount(keep);
  if (n !== keep) log?.warn({ keep, using: n }, 'backup retention setting out of range; using a safe value');
  const auto = listBackups(dataDir).filter((b) => b.kind !== 'manual');
  const complete = auto.filter((b) => b.complete);
  const doomed = [...complete.slice(Math.max(1, n)), ...auto.filter((b) => !b.complete)];
  const deleted: string[] = [];
  for (const b of doomed) {
    try {
      fs.rmSync(path.join(dataDir, BACKUPS_DIR, b.name), { recursive: true, force: true });
      deleted.push(b.name);
    } catch (e) {
      log?.warn({ backup: b.name, err: String(e) }, 'could not delete an old automatic backup');
    }
  }
  if (deleted.length) log?.info({ deleted, keep: n }, 'old automatic backups removed');
  return deleted;
}
