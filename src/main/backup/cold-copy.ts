// Is a data-directory copy safe to restore? SQLite's files are consistent when the app was not
// running at the moment of the copy (stopped cleanly, or crashed: the -wal then holds the last
// commits and is replayed on open). A plain copy taken while the app runs can tear between lab.db
// and its -wal. The rule (docs/data-directory.md):
//  1. instance.lock in the folder names a process that is alive on this machine → the folder is a
//     live data directory, or was copied from one while it ran: refused, use a backup instead;
//  2. otherwise the copy is opened from a private staging copy (without its -shm, so SQLite
//     rebuilds the WAL index from the -wal's own checksummed frames) and must pass integrity_check;
//     a stale instance.lock or a -wal still present is reported as "not closed cleanly".
import fs from 'node:fs';
import path from 'node:path';
import { LOCK_FILE } from './layout';
import { holderIsLive, type LockHolder } from '../data-dir/instance-lock';

export interface LockInfo {
  present: boolean;
  pid: number | null;
  alive: boolean;
  startedAt: string | null;
}


export function inspectLock(dir: string): LockInfo {
  const file = path.join(dir, LOCK_FILE);
  if (!fs.existsSync(file)) return { present: false, pid: null, alive: false, startedAt: null };
  try {
    const held = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
    const pid = Number(held.pid) || null;
    return { present: true, pid, alive: holderIsLive(held), startedAt: held.startedAt ?? null };
  } catch {
    return { present: true, pid: null, alive: false, startedAt: null };
  }
}
