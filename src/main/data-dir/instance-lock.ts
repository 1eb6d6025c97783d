// instance.lock: one running process per data directory (DESIGN §5). The desktop app's
// single-instance lock forwards a second launch; this file refuses any other process (a second
// `npm run serve`, a CLI restore) with a message naming the directory and the holder's pid.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'instance.lock';

export class DataDirInUseError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(`The data directory ${dir} is already in use by another Lab Desktop process (pid ${pid}). Close that process first, or choose another data directory.`);
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface InstanceLock {
  readonly file: string;
  release(): void;
}

export function acquireInstanceLock(dir: string, info: Record<string, unknown> = {}): InstanceLock {
  const file = path.join(dir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), ...info });
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
      let holder = 0;
      try {
        holder = Number((JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number }).pid) || 0;
      } catch {
        /* unreadable or half-written lock: treat as stale */
      }
      if (holder && holder !== process.pid && alive(holder)) throw new DataDirInUseError(dir, holder);
      // Stale lock left by a crashed process (or a cold copy of the directory): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take ${file}`);
}
