// Writing a backup: a folder with consistent database snapshots, the small files, the logs and a
// manifest (written last: a folder without one is incomplete), optionally zipped into an archive
// that is renamed into place only after it has been written, fsynced and read back.
import fs from 'node:fs';
import path from 'node:path';
import { APP_ID } from '../../shared/app-info';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE, type BackupKind, type Manifest } from './manifest';
import { BACKUPS_DIR, COMPLETION_DB, LAB_DB, LOGS_DIR, PLAIN_FILES } from './layout';
import { snapshotDatabase, snapshotDatabaseAsync, type DbFacts } from './snapshot';
import { errorText, fileStamp, fsyncDir, fsyncFile, listFiles, sha256File, sha256FileAsync, writeFileAtomic } from './files';
import { readArchiveManifest, zipFolder } from './archive';
import { AppError } from '../../shared/errors';
import { msg, type Message } from '../../shared/messages';
import { BackupError } from './backup-error';

export type BackupPhase = 'lab' | 'completion' | 'files' | 'archive' | 'verify' | 'done';
export type ProgressFn = (p: { phase: BackupPhase; percent: number }) => void;

export interface BackupMeta {
  kind: BackupKind;
  appVersion: string;
}

/** Turns file-system failures into messages a user can act on. */
export function describeFsError(e: unknown, target: string | Message): Message {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC') return msg('fs.noSpace', { target });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return msg('fs.noPermission', { target });
  if (code === 'ENOENT') return msg('fs.noFolder', { target });
  return msg('fs.writeFailed', { target, detail: errorText(e) });
}

/** Writes a backup folder synchronously (before a migration, when nothing else runs yet). */
export function writeBackupFolder(dataDir: string, dest: string, meta: BackupMeta, progress?: ProgressFn): Manifest {
  const { labFile, completionFile } = sources(dataDir, dest);
  progress?.({ phase: 'lab', percent: 5 });
  const lab = snapshotDatabase(labFile, path.join(dest, LAB_DB));
  progress?.({ phase: 'completion', percent: 20 });
  const completion = fs.existsSync(completionFile) ? snapshotDatabase(completionFile, path.join(dest, COMPLETION_DB)) : NO_DB;
  progress?.({ phase: 'files', percent: 45 });
  copySmallFiles(dataDir, dest);
  const files = listFiles(dest)
    .filter((f) => f !== MANIFEST_FILE)
    .map((f) => ({ path: f, size: fs.statSync(path.join(dest, f)).size, sha256: sha256File(path.join(dest, f)) }));
  return finish(dest, meta, lab, completion, files);
}

/** The same, with the SQLite work in a worker thread and streamed checksums: the app keeps serving. */
export async function writeBackupFolderAsync(dataDir: string, dest: string, meta: BackupMeta, progress?: ProgressFn): Promise<Manifest> {
  const { labFile, completionFile } = sources(dataDir, dest);
  progress?.({ phase: 'lab', percent: 5 });
  const lab = await snapshotDatabaseAsync(labFile, path.join(dest, LAB_DB));
  progress?.({ phase: 'completion', percent: 20 });
  const completion = fs.existsSync(completionFile) ? await snapshotDatabaseAsync(completionFile, path.join(dest, COMPLETION_DB)) : NO_DB;
  progress?.({ phase: 'files', percent: 45 });
  copySmallFiles(dataDir, dest);
  const files = [];
  for (const f of listFiles(dest).filter((x) => x !== MANIFEST_FILE)) {
    files.push({ path: f, size: fs.statSync(path.join(dest, f)).size, sha256: await sha256FileAsync(path.join(dest, f)) });
  }
  return finish(dest, meta, lab, completion, files);
}

const NO_DB: DbFacts = { schemaVersion: 0, counts: {} };

function sources(dataDir: string, dest: string): { labFile: string; completionFile: string } {
  const labFile = path.join(dataDir, LAB_DB);
  if (!fs.existsSync(labFile)) throw new BackupError('backup.notDataDir', { path: dataDir, file: LAB_DB });
  fs.mkdirSync(dest, { recursive: true });
  return { labFile, completionFile: path.join(dataDir, COMPLETION_DB) };
}

/** settings.json, import-batch.json and the logs: small files their owners write atomically. */
function copySmallFiles(dataDir: string, dest: string): void {
  for (const f of PLAIN_FILES) {
    const src = path.join(dataDir, f);
    if (fs.existsSync(src)) copyDurably(src, path.join(dest, f));
  }
  for (const f of listFiles(path.join(dataDir, LOGS_DIR))) {
    try {
      copyDurably(path.join(dataDir, LOGS_DIR, f), path.join(dest, LOGS_DIR, f));
    } catch (e) {
      // A log rotated away between listing and copying is not worth failing the backup for.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

/** The manifest is written last: a backup folder without one is incomplete. */
function finish(dest: string, meta: BackupMeta, lab: DbFacts, completion: DbFacts, files: Manifest['files']): Manifest {
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    app: APP_ID,
    appVersion: meta.appVersion,
    createdAt: new Date().toISOString(),
    kind: meta.kind,
    schema: { lab: lab.schemaVersion, completion: completion.schemaVersion },
    counts: { lab: lab.counts, completion: completion.counts },
    files,
  };
  writeFileAtomic(path.join(dest, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return manifest;
}

function copyDurably(src: string, dest: string): void {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(src, dest);
  fsyncFile(dest);
}

export interface ArchiveResult {
  file: string;
  manifest: Manifest;
  bytes: number;
  durationMs: number;
}

/**
 * A chosen output file may replace only an earlier Lab Desktop backup archive, and inside the data
 * directory only under backups/: `--out <dir>/lab.db` (or any other file) must never be renamed over.
 */
async function checkOverwrite(dataDir: string, outFile: string): Promise<void> {
  const out = path.resolve(outFile);
  const dd = path.resolve(dataDir);
  if (out.startsWith(dd + path.sep) && !out.startsWith(path.join(dd, BACKUPS_DIR) + path.sep)) {
    throw new BackupError('backup.insideDataDir', { path: out });
  }
  if (!fs.existsSync(out)) return;
  const isArchive =
    fs.statSync(out).isFile() &&
    (await readArchiveManifest(out).then(
      () => true,
      () => false,
    ));
  if (!isArchive) throw new BackupError('backup.exists', { path: out });
}

/**
 * Backup folder → zip at `outFile`. The work folder lives in `workRoot` (the data directory's
 * backups/, so the snapshot never leaves the disk it came from until it is complete). Nothing is
 * left behind on failure, and an existing `outFile` is only replaced by a verified archive.
 * `writeFolder` writes the folder (default: SQLite work in a worker thread, the rest here).
 */
export async function createBackupArchive(
  dataDir: string,
  outFile: string,
  meta: BackupMeta,
  opts: { workRoot: string; progress?: ProgressFn; writeFolder?: (dataDir: string, dest: string, meta: BackupMeta, progress?: ProgressFn) => Promise<Manifest> },
): Promise<ArchiveResult> {
  const started = Date.now();
  const outDir = path.dirname(outFile);
  try {
    if (!fs.statSync(outDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    fs.accessSync(outDir, fs.constants.W_OK);
  } catch (e) {
    throw BackupError.of(describeFsError(e, msg('fs.target.backupIn', { path: outDir })));
  }
  await checkOverwrite(dataDir, outFile);
  const work = path.join(opts.workRoot, `.tmp-${fileStamp()}-${process.pid}`);
  const partial = `${outFile}.${process.pid}.partial`;
  try {
    let manifest: Manifest;
    try {
      manifest = await (opts.writeFolder ?? writeBackupFolderAsync)(dataDir, work, meta, opts.progress);
    } catch (e) {
      if (e instanceof AppError || e instanceof BackupError) throw e;
      if ((e as NodeJS.ErrnoException).code) throw BackupError.of(describeFsError(e, msg('fs.target.snapshot')));
      throw new BackupError('backup.snapshotFailed', { detail: errorText(e) });
    }
    try {
      await zipFolder(work, partial, (done, total) => opts.progress?.({ phase: 'archive', percent: 50 + Math.round((45 * done) / Math.max(1, total)) }));
    } catch (e) {
      throw BackupError.of(describeFsError(e, path.basename(outFile)));
    }
    opts.progress?.({ phase: 'verify', percent: 96 });
    const back = await readArchiveManifest(partial);
    if (back.createdAt !== manifest.createdAt) throw new BackupError('backup.readBackDiffers');
    fs.renameSync(partial, outFile);
    fsyncDir(outDir);
    opts.progress?.({ phase: 'done', percent: 100 });
    return { file: outFile, manifest, bytes: fs.statSync(outFile).size, durationMs: Date.now() - started };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}
