// Turning a restore source into a verified staging folder without touching the live data: a zip
// archive, a backup folder (both with manifest and checksums) or a plain copy of a data directory.
// Staging holds exactly what will be put in place: lab.db, completion.db, settings.json,
// import-batch.json (each present or not) and logs/, with no -wal/-shm beside the databases.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { markCompletionIndexStale } from '../db/whole-database';
import { MANIFEST_FILE, parseManifest, type Manifest } from './manifest';
import { BackupError } from './backup-error';
import { extractArchive } from './archive';
import { checkDatabaseAsync, type DbFacts } from './snapshot';
import { runDbOp } from './db-worker';
import { inspectLock } from './cold-copy';
import { COMPLETION_DB, isBackupPath, LAB_DB, LOCK_FILE, LOGS_DIR, PLAIN_FILES } from './layout';
import { fsyncDir, fsyncFileAsync, listFiles, sha256FileAsync } from './files';
import { checkExpandedSize, listPlainFiles, refuseLinks } from './restore-limits';
import type { RestorePreview } from '../../shared/contract/data';
import { msg, type Message } from '../../shared/messages';

export type SourceKind = RestorePreview['sourceKind'];

export type { RestorePreview };

export interface StageOptions {
  labLatest: number;
  completionLatest: number;
}

/** Tables every Lab Desktop lab.db has; a database without them belongs to another program. */
const LAB_MARKER_TABLES = ['users', 'sessions'];

export async function stageRestoreSource(source: string, staging: string, opts: StageOptions): Promise<RestorePreview> {
  const abs = path.resolve(source);
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch {
    throw new BackupError('restore.notFound', { path: abs });
  }
  let manifest: Manifest | null = null;
  let kind: SourceKind;
  const warnings: Message[] = [];
  if (st.isFile()) {
    kind = 'archive';
    manifest = await extractArchive(abs, staging);
  } else if (st.isDirectory() && fs.existsSync(path.join(abs, MANIFEST_FILE))) {
    kind = 'backup-folder';
    manifest = await copyBackupFolder(abs, staging);
  } else if (st.isDirectory() && fs.existsSync(path.join(abs, LAB_DB))) {
    kind = 'data-folder';
    await copyDataFolder(abs, staging, warnings);
  } else {
    throw new BackupError('restore.notBackup', { path: abs });
  }

  const labFile = path.join(staging, LAB_DB);
  if (!fs.existsSync(labFile)) throw new BackupError('restore.noLabDb', { file: LAB_DB });
  const lab = await checkDatabaseAsync(labFile, LAB_DB);
  for (const t of LAB_MARKER_TABLES) {
    if (!(t in lab.counts)) throw new BackupError('restore.wrongApp', { file: LAB_DB, path: abs, table: t });
  }
  if (lab.schemaVersion > opts.labLatest) {
    throw new BackupError('restore.schemaTooNew', { file: LAB_DB, version: lab.schemaVersion, latest: opts.labLatest });
  }
  const completion = await stageCompletion(path.join(staging, COMPLETION_DB), opts, warnings);
  if (manifest) checkAgainstManifest(manifest, lab, completion);
  // Nothing but the checked files goes in place: no journals, WAL or shared-memory files.
  for (const db of [LAB_DB, COMPLETION_DB]) for (const sfx of ['-wal', '-shm', '-journal']) fs.rmSync(path.join(staging, db + sfx), { force: true });
  fs.rmSync(path.join(staging, MANIFEST_FILE), { force: true });
  for (const f of fs.readdirSync(staging)) if (fs.statSync(path.join(staging, f)).isFile()) await fsyncFileAsync(path.join(staging, f));
  fsyncDir(staging);

  return {
    source: abs,
    sourceKind: kind,
    createdAt: manifest?.createdAt ?? null,
    appVersion: manifest?.appVersion ?? null,
    schema: { lab: lab.schemaVersion, completion: completion?.schemaVersion ?? 0 },
    counts: lab.counts,
    files: listFiles(staging),
    warnings,
    needsUpgrade: lab.schemaVersion < opts.labLatest,
  };
}

function checkAgainstManifest(m: Manifest, lab: DbFacts, completion: DbFacts | null): void {
  if (m.schema.lab !== lab.schemaVersion) throw new BackupError('restore.schemaMismatch', { file: LAB_DB, version: lab.schemaVersion, manifest: m.schema.lab });
  for (const [t, n] of Object.entries(m.counts.lab)) {
    if (lab.counts[t] !== n) throw new BackupError('restore.countMismatch', { file: LAB_DB, rows: lab.counts[t] ?? 0, table: t, manifest: n });
  }
  if (completion) {
    if (m.schema.completion !== completion.schemaVersion) throw new BackupError('restore.schemaMismatch', { file: COMPLETION_DB, version: completion.schemaVersion, manifest: m.schema.completion });
    for (const [t, n] of Object.entries(m.counts.completion)) {
      if (completion.counts[t] !== n) throw new BackupError('restore.countMismatch', { file: COMPLETION_DB, rows: completion.counts[t] ?? 0, table: t, manifest: n });
    }
  }
}

/**
 * completion.db is derived data (spec 000): its search memory and preferences are kept, but the
 * entity index is not trusted — every endpoint is marked stale so the maintenance worker rebuilds
 * it from the restored facts. A damaged or unrecognised completion.db is dropped (a fresh one is
 * created and rebuilt); a newer one is refused like a newer lab.db.
 */
async function stageCompletion(file: string, opts: StageOptions, warnings: Message[]): Promise<DbFacts | null> {
  if (!fs.existsSync(file)) return null;
  let facts: DbFacts;
  try {
    facts = await checkDatabaseAsync(file, COMPLETION_DB);
  } catch (e) {
    warnings.push(msg('restore.completionDamaged', { detail: (e as Error).message }));
    dropDb(file);
    return null;
  }
  if (facts.schemaVersion > opts.completionLatest) {
    throw new BackupError('restore.schemaTooNew', { file: COMPLETION_DB, version: facts.schemaVersion, latest: opts.completionLatest });
  }
  const db = new Database(file);
  try {
    if (markCompletionIndexStale(db)) {
      db.close();
      return facts;
    }
  } finally {
    if (db.open) db.close();
  }
  dropDb(file);
  return null;
}

function dropDb(file: string): void {
  for (const sfx of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + sfx, { force: true });
}

async function copyBackupFolder(src: string, staging: string): Promise<Manifest> {
  refuseLinks(src, MANIFEST_FILE);
  const manifest = parseManifest(fs.readFileSync(path.join(src, MANIFEST_FILE), 'utf8'));
  checkExpandedSize(manifest.files);
  fs.mkdirSync(staging);
  for (const f of manifest.files) {
    if (!isBackupPath(f.path)) throw new BackupError('restore.foreignFile', { file: f.path });
    refuseLinks(src, f.path);
    const from = path.join(src, ...f.path.split('/'));
    if (!fs.existsSync(from)) throw new BackupError('restore.missingFile', { file: f.path });
    const to = path.join(staging, ...f.path.split('/'));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    await fs.promises.copyFile(from, to);
    if (fs.statSync(to).size !== f.size || (await sha256FileAsync(to)) !== f.sha256) throw new BackupError('restore.checksum', { file: f.path });
  }
  return manifest;
}

/** A plain copy of a data directory (cold copy): see cold-copy.ts for the rule. */
async function copyDataFolder(src: string, staging: string, warnings: Message[]): Promise<void> {
  const lock = inspectLock(src);
  if (lock.alive) {
    throw new BackupError('restore.runningApp', { path: src, pid: lock.pid ?? '?', lock: LOCK_FILE });
  }
  // Only what is copied is checked: links there are refused, and the sizes capped.
  const single = [LAB_DB, COMPLETION_DB, `${LAB_DB}-wal`, `${COMPLETION_DB}-wal`, ...PLAIN_FILES].filter((f) => {
    refuseLinks(src, f);
    return fs.existsSync(path.join(src, f));
  });
  const logs = listPlainFiles(src, LOGS_DIR);
  checkExpandedSize([...single.map((f) => ({ path: f, size: fs.statSync(path.join(src, f)).size })), ...logs]);
  fs.mkdirSync(staging);
  let unclean = lock.present;
  for (const db of [LAB_DB, COMPLETION_DB]) {
    if (!fs.existsSync(path.join(src, db))) continue;
    await fs.promises.copyFile(path.join(src, db), path.join(staging, db));
    // The -shm is deliberately left behind: without it SQLite rebuilds the WAL index from the
    // -wal's checksummed frames, so only fully committed transactions are replayed.
    if (fs.existsSync(path.join(src, `${db}-wal`))) {
      await fs.promises.copyFile(path.join(src, `${db}-wal`), path.join(staging, `${db}-wal`));
      if (fs.statSync(path.join(staging, `${db}-wal`)).size > 0) unclean = true;
    }
    if (db === LAB_DB) await checkpointInto(path.join(staging, db));
    else {
      // Derived data: a damaged one is dropped with a warning, as in a backup (stageCompletion).
      try {
        await runDbOp('checkpoint', path.join(staging, db));
      } catch (e) {
        warnings.push(msg('restore.copyCompletionDamaged', { detail: (e as Error).message }));
        dropDb(path.join(staging, db));
      }
    }
  }
  for (const f of PLAIN_FILES) if (fs.existsSync(path.join(src, f))) fs.copyFileSync(path.join(src, f), path.join(staging, f));
  for (const { path: f } of logs) {
    fs.mkdirSync(path.dirname(path.join(staging, f)), { recursive: true });
    fs.copyFileSync(path.join(src, f), path.join(staging, f));
  }
  if (unclean) {
    warnings.push(msg('restore.uncleanCopy'));
  }
}

/** Opens the staged copy read-write (in a worker thread) so SQLite replays its -wal into the file. */
async function checkpointInto(file: string): Promise<void> {
  try {
    await runDbOp('checkpoint', file);
  } catch (e) {
    throw new BackupError('restore.copyDamaged', { file: path.basename(file), detail: (e as Error).message });
  }
}
