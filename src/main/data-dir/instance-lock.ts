// instance.lock: one running process per data directory (docs/design.md#data-directory). The desktop app's
// single-instance lock forwards a second launch; this file refuses any other process (a second
// `npm run serve`, a CLI restore) with a message naming the directory and the holder's pid.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartFailureError } from '../../shared/start-failure';

export const LOCK_FILE = 'instance.lock';

export class DataDirInUseError extends StartFailureError {
  constructor(readonly dir: string, readonly pid: number) {
    super('dataDirInUse', { dir, pid });
    this.name = 'DataDirInUseError';
  }
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this machine booted, to the second or so (two readings differ by clock jitter only). */
export function bootTimeMs(): number {
  return Date.now() - os.uptime() * 1000;
}

/** What instance.lock records about its holder. */
export interface LockHolder {
  pid?: number;
  host?: string;
  bootAt?: number;
  startedAt?: string;
}

/**
 * A lock is held only by a live process of this machine's current boot: a directory copied from
 * another computer, or left by a crash before a reboot, names a pid that may now belong to an
 * unrelated process, and must not lock the data out.
 */
export function holderIsLive(h: LockHolder): boolean {
  const pid = Number(h.pid) || 0;
  if (!pid) return false;
  if (h.host !== undefined && h.host !== os.hostname()) return false;
  if (h.bootAt !== undefined && Math.abs(h.bootAt - bootTimeMs()) > 120_000) return false;
  return pidAlive(pid);
}

export interface InstanceLock {
  readonly file: string;
  release(): void;
}

export function acquireInstanceLock(dir: string, info: Record<string, unknown> = {}): InstanceLock {
  const file = path.join(dir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, host: os.hostname(), bootAt: Math.round(bootTimeMs()), startedAt: new Date().toISOString() };
  const content = JSON.stringify({ ...holder, ...info });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number };
            if (held.pid === process.pid) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let held: LockHolder = {};
      try {
        held = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
      } catch {
        /* unreadable or half-written lock: treat as stale */
      }
      if (held.pid && held.pid !== process.pid && holderIsLive(held)) throw new DataDirInUseError(dir, held.pid);
      // Stale lock left by a crashed process (or a cold copy of the directory): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take ${file}`);
}
