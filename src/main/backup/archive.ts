// Zip archives of backup folders (yazl to write, yauzl to read). Reading extracts into a staging
// folder with every entry's size and SHA-256 checked against the manifest; yauzl itself refuses
// absolute paths and `..` entries, so an archive cannot write outside the staging folder.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yazl from 'yazl';
import yauzl from 'yauzl';
import { MANIFEST_FILE, parseManifest, type Manifest } from './manifest';
import { BackupError } from './backup-error';
import { fsyncFile, listFiles } from './files';
import { isBackupPath } from './layout';
import { checkExpandedSize } from './restore-limits';

/** File-type bits of a zip entry made on Unix (external attributes, high 16 bits). */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Zips every file of `folder` into `outFile`; reports written bytes against the total. */
export async function zipFolder(folder: string, outFile: string, onBytes?: (done: number, total: number) => void): Promise<void> {
  const zip = new yazl.ZipFile();
  const files = listFiles(folder);
  const total = files.reduce((s, f) => s + fs.statSync(path.join(folder, f)).size, 0);
  let done = 0;
  // Manifest first: a reader finds it at the front of the central directory.
  const ordered = [MANIFEST_FILE, ...files.filter((f) => f !== MANIFEST_FILE)];
  for (const f of ordered) {
    const real = path.join(folder, f);
    zip.addReadStreamLazy(f, { size: fs.statSync(real).size, compressionLevel: 1 /* speed over size: SQLite pages still shrink ~3× */ }, (cb) => {
      const s = fs.createReadStream(real);
      s.on('data', (chunk) => {
        done += chunk.length;
        onBytes?.(done, total);
      });
      cb(null, s);
    });
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(outFile));
  fsyncFile(outFile);
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (err, zf) => (err ? reject(err) : resolve(zf))),
  );
}

function readEntries(zf: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const out: yauzl.Entry[] = [];
    zf.on('entry', (e: yauzl.Entry) => {
      out.push(e);
      zf.readEntry();
    });
    zf.on('end', () => resolve(out));
    zf.on('error', reject);
    zf.readEntry();
  });
}

function entryStream(zf: yauzl.ZipFile, e: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zf.openReadStream(e, (err, s) => (err ? reject(err) : resolve(s))));
}

async function readText(zf: yauzl.ZipFile, e: yauzl.Entry, max = 4 << 20): Promise<string> {
  if (e.uncompressedSize > max) throw new BackupError('restore.entryTooLarge', { file: e.fileName });
  const chunks: Buffer[] = [];
  for await (const c of await entryStream(zf, e)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads only the manifest of an archive (listing and preview). */
export async function readArchiveManifest(file: string): Promise<Manifest> {
  const zf = await openArchive(file);
  try {
    const entries = await readEntries(zf);
    const m = entries.find((e) => e.fileName === MANIFEST_FILE);
    if (!m) throw new BackupError('restore.noManifest');
    return parseManifest(await readText(zf, m));
  } finally {
    zf.close();
  }
}

async function openArchive(file: string): Promise<yauzl.ZipFile> {
  try {
    return await openZip(file);
  } catch (e) {
    throw new BackupError('restore.notZip', { file: path.basename(file), detail: (e as Error).message });
  }
}

/**
 * Extracts an archive into `staging` (which must not exist yet), verifying the manifest's file
 * list, sizes and checksums. Throws BackupError on any mismatch; the caller removes staging.
 */
export async function extractArchive(file: string, staging: string): Promise<Manifest> {
  const zf = await openArchive(file);
  try {
    let entries: yauzl.Entry[];
    try {
      entries = await readEntries(zf);
    } catch (e) {
      throw new BackupError('restore.archiveDamaged', { detail: (e as Error).message });
    }
    const byName = new Map(entries.filter((e) => !e.fileName.endsWith('/')).map((e) => [e.fileName, e]));
    const me = byName.get(MANIFEST_FILE);
    if (!me) throw new BackupError('restore.noManifest');
    const manifest = parseManifest(await readText(zf, me));
    checkExpandedSize(manifest.files);
    fs.mkdirSync(staging, { recursive: false });
    for (const f of manifest.files) {
      if (!isBackupPath(f.path)) throw new BackupError('restore.archiveForeignFile', { file: f.path });
      const e = byName.get(f.path);
      if (!e) throw new BackupError('restore.archiveMissingFile', { file: f.path });
      if (((e.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new BackupError('restore.archiveSymlink', { file: f.path });
      if (e.uncompressedSize !== f.size) throw new BackupError('restore.archiveSize', { file: f.path });
      const dest = path.join(staging, ...f.path.split('/'));
      if (!path.resolve(dest).startsWith(path.resolve(staging) + path.sep)) throw new BackupError('restore.archiveUnsafePath', { file: f.path });
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          hash.update(chunk);
          size += chunk.length;
          cb(null, chunk);
        },
      });
      try {
        await pipeline(await entryStream(zf, e), tap, fs.createWriteStream(dest));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw err;
        throw new BackupError('restore.archiveUnreadable', { file: f.path, detail: (err as Error).message });
      }
      if (size !== f.size || hash.digest('hex') !== f.sha256) throw new BackupError('restore.archiveChecksum', { file: f.path });
      fsyncFile(dest);
    }
    return manifest;
  } finally {
    zf.close();
  }
}
