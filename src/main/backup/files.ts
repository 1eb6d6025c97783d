// Durable file primitives for backup and restore: fsync of files and folders, atomic replace,
// streaming SHA-256. A rename is only durable once the folder holding it is fsynced too.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export async function fsyncFileAsync(file: string): Promise<void> {
  const h = await fs.promises.open(file, 'r+');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

export function fsyncDir(dir: string): void {
  // Windows cannot open a folder for fsync; NTFS journals renames itself.
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes text to `file` so that a crash leaves either the old or the new content, never a mix. */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, text);
  fsyncFile(tmp);
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

export function sha256File(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      hash.update(buf.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Streams the file through SHA-256 without holding the main thread for the whole file. */
export async function sha256FileAsync(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** All regular files under `dir`, as forward-slash paths relative to it. */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name), rel));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

/** True for the errors of a path that is no longer there (or whose folder became a file). */
export function isGone(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The path's stat, null when it is not there (any more). */
export function statIfPresent(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch (e) {
    if (isGone(e)) return null;
    throw e;
  }
}

/** A file's size, 0 when it is not there. */
export function sizeIfPresent(file: string): number {
  return statIfPresent(file)?.size ?? 0;
}

/**
 * Bytes of the regular files under `dir`, for display and time limits. Folders change while they
 * are walked (a backup's staging folder, retention, an atomic write's temp file): what disappears
 * between listing and reading counts as absent rather than failing the walk.
 */
export function dirSize(dir: string): number {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (isGone(e)) return 0;
    throw e;
  }
  let n = 0;
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) n += dirSize(p);
    else if (e.isFile()) n += sizeIfPresent(p);
  }
  return n;
}

/** A timestamp usable in file names on every platform: 2026-11-22T15-30-00-123Z. */
export function fileStamp(d = new Date()): string {
  return d.toISOString().replace(/[:.]/g, '-');
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
