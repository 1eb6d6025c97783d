// Bad input and faults: corrupt, truncated, foreign, too-new and tampered backups are refused with
// a clear message and the live data directory is left exactly as it was; so are unusable paths.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { startTestServices, setupAdmin, tempDir } from '../support/temp';
import { insertRows, snapshotTree } from './helpers';
import { createBackupArchive, writeBackupFolder } from '../../src/main/backup/create-backup';
import { zipFolder } from '../../src/main/backup/archive';
import { sha256File } from '../../src/main/backup/files';
import { openDatabases } from '../../src/main/db/databases';
import type { RunningApp } from '../../src/main/app-services';
import { AppError } from '../../src/shared/errors';

/** Every data file must be byte-identical (not the log, which records the refusal, nor the -shm index). */
function liveTree(s: RunningApp): Record<string, string> {
  s.data.dbs.lab.pragma('wal_checkpoint(TRUNCATE)');
  s.data.dbs.completion.pragma('wal_checkpoint(TRUNCATE)');
  const t = snapshotTree(s.dataDir);
  for (const k of Object.keys(t)) if (k.startsWith('logs/') || k.startsWith('backups/status.json') || k.endsWith('-shm')) delete t[k];
  return t;
}

async function expectRefused(s: RunningApp, source: string, message: RegExp): Promise<void> {
  const before = liveTree(s);
  for (const attempt of [() => s.backups.previewRestore(source), () => s.backups.restore(source)]) {
    const err = await attempt().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('validation');
    expect((err as AppError).fields?.source).toBeTruthy();
    expect((err as AppError).message).toMatch(message);
  }
  expect(liveTree(s)).toEqual(before);
  expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(30);
}

async function running(): Promise<RunningApp> {
  const s = await startTestServices();
  await setupAdmin(s);
  insertRows(s.data.dbs.lab, 30);
  return s;
}

/** A valid backup folder of another data directory, to be tampered with. */
function backupFolder(): string {
  const src = tempDir();
  // A real data directory built through the app's own schema.
  const dbs = openDatabases(src);
  insertRows(dbs.lab, 7, 'other');
  dbs.close();
  const dest = path.join(tempDir(), 'bk');
  writeBackupFolder(src, dest, { kind: 'manual', appVersion: '1.0.0' });
  return dest;
}

function rewriteManifest(folder: string, patch: (m: Record<string, unknown>) => void): void {
  const file = path.join(folder, 'manifest.json');
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  patch(m);
  fs.writeFileSync(file, JSON.stringify(m));
}

function refreshChecksum(folder: string, name: string): void {
  rewriteManifest(folder, (m) => {
    const f = (m.files as Array<{ path: string; size: number; sha256: string }>).find((x) => x.path === name)!;
    f.size = fs.statSync(path.join(folder, name)).size;
    f.sha256 = sha256File(path.join(folder, name));
  });
}

describe('restore refuses bad backups and changes nothing', () => {
  it('a file that is not a zip, and a truncated archive', async () => {
    const s = await running();
    const junk = path.join(tempDir(), 'junk.zip');
    fs.writeFileSync(junk, 'this is not a zip archive at all'.repeat(100));
    await expectRefused(s, junk, /not a readable zip archive/);

    const good = await s.backups.backupAndWait('manual');
    const cut = path.join(tempDir(), 'cut.zip');
    const buf = fs.readFileSync(good.file);
    fs.writeFileSync(cut, buf.subarray(0, Math.floor(buf.length / 2)));
    await expectRefused(s, cut, /truncated or damaged/);
  });

  it('a damaged entry (checksum mismatch) and a missing file', async () => {
    const s = await running();
    const folder = backupFolder();
    const lab = path.join(folder, 'lab.db');
    const bytes = fs.readFileSync(lab);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    fs.writeFileSync(lab, bytes);
    await expectRefused(s, folder, /does not match its checksum/);
    const zip = path.join(tempDir(), 'damaged.zip');
    await zipFolder(folder, zip);
    await expectRefused(s, zip, /does not match its checksum/);

    const folder2 = backupFolder();
    fs.rmSync(path.join(folder2, 'completion.db'));
    await expectRefused(s, folder2, /missing completion\.db/);
  });

  it('a newer schema version than this app supports', async () => {
    const s = await running();
    const folder = backupFolder();
    const db = new Database(path.join(folder, 'lab.db'));
    db.pragma('user_version = 999');
    db.close();
    refreshChecksum(folder, 'lab.db');
    rewriteManifest(folder, (m) => ((m.schema as { lab: number }).lab = 999));
    const zip = path.join(tempDir(), 'newer.zip');
    await zipFolder(folder, zip);
    await expectRefused(s, zip, /schema version 999, newer than this app supports/);
  });

  it('a backup of another application, and an archive without a manifest', async () => {
    const s = await running();
    const folder = backupFolder();
    rewriteManifest(folder, (m) => (m.app = 'other-lab-tool'));
    await expectRefused(s, folder, /not a Lab Desktop backup.*other-lab-tool/);

    // A foreign SQLite database in a plain folder.
    const foreign = tempDir();
    const db = new Database(path.join(foreign, 'lab.db'));
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    db.close();
    await expectRefused(s, foreign, /not a Lab Desktop database.*wrong application/);

    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('hello'), 'readme.txt');
    zip.end();
    const noManifest = path.join(tempDir(), 'nomanifest.zip');
    await new Promise<void>((r) => zip.outputStream.pipe(fs.createWriteStream(noManifest)).on('close', () => r()));
    await expectRefused(s, noManifest, /no manifest\.json/);
  });

  it('a backup naming files a backup never holds (a move pointer, a journal, a path outside)', async () => {
    const s = await running();
    for (const name of ['moved-to.json', 'restore-journal.json', 'instance.lock']) {
      const folder = backupFolder();
      fs.writeFileSync(path.join(folder, name), JSON.stringify({ to: '/elsewhere' }));
      rewriteManifest(folder, (m) => (m.files as Array<{ path: string; size: number; sha256: string }>).push({ path: name, size: 0, sha256: '0'.repeat(64) }));
      refreshChecksum(folder, name);
      await expectRefused(s, folder, new RegExp(`never holds: ${name.replace('.', '\\.')}`));
      const zip = path.join(tempDir(), 'crafted.zip');
      await zipFolder(folder, zip);
      await expectRefused(s, zip, /never holds/);
    }
    expect(fs.existsSync(path.join(s.dataDir, 'moved-to.json'))).toBe(false);
  });

  it('a path that does not exist, the live directory itself, an empty folder', async () => {
    const s = await running();
    await expectRefused(s, path.join(tempDir(), 'nope.zip'), /does not exist/);
    await expectRefused(s, s.dataDir, /current data directory itself/);
    await expectRefused(s, tempDir(), /neither a Lab Desktop backup/);
  });

  it('backup to a folder that is missing, a file, or not writable: clear message, no archive', async () => {
    const s = await running();
    const base = tempDir();
    const file = path.join(base, 'a-file');
    fs.writeFileSync(file, 'x');
    for (const [dir, msg] of [
      [path.join(base, 'missing'), /does not exist/],
      [file, /could not be written|not a folder|does not exist/],
      ['/proc', /system folder|No permission|could not be written|does not exist/],
    ] as const) {
      const err = await s.backups.backupAndWait('manual', dir).then(
        () => null,
        (e: unknown) => e as AppError,
      );
      expect(err?.code).toBe('validation');
      expect(err?.message).toMatch(msg);
    }
    expect(s.backups.status().lastBackup).toMatchObject({ ok: false });
    expect(fs.readdirSync(base)).toEqual(['a-file']);
    expect(fs.readdirSync(path.join(s.dataDir, 'backups')).filter((n) => n !== 'status.json')).toEqual([]);
  });

  it('an explicit output file never replaces a live database or a file that is not a backup', async () => {
    const s = await running();
    const before = liveTree(s);
    const other = path.join(tempDir(), 'thesis.docx');
    fs.writeFileSync(other, 'my thesis');
    for (const [out, msg] of [
      [path.join(s.dataDir, 'lab.db'), /inside the data directory/],
      [path.join(s.dataDir, 'settings.json'), /inside the data directory/],
      [other, /already exists and is not a Lab Desktop backup/],
    ] as const) {
      const err = await createBackupArchive(s.dataDir, out, { kind: 'manual', appVersion: '1.0.0' }, { workRoot: path.join(s.dataDir, 'backups') }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(msg);
    }
    expect(fs.readFileSync(other, 'utf8')).toBe('my thesis');
    expect(liveTree(s)).toEqual(before);
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(30);
    // An earlier backup archive at the same name is replaced (scripts writing one file daily).
    const daily = path.join(tempDir(), 'daily.zip');
    await createBackupArchive(s.dataDir, daily, { kind: 'manual', appVersion: '1.0.0' }, { workRoot: path.join(s.dataDir, 'backups') });
    insertRows(s.data.dbs.lab, 2, 'later');
    const again = await createBackupArchive(s.dataDir, daily, { kind: 'manual', appVersion: '1.0.0' }, { workRoot: path.join(s.dataDir, 'backups') });
    expect(again.manifest.counts.lab.inventory_items).toBe(32);
  });

  it('restored data that cannot be opened is swapped back out; the app keeps its data', async () => {
    const s = await running();
    // Looks like ours and passes the integrity check, but its upgrade fails (tables already there at version 0).
    const odd = tempDir();
    const db = new Database(path.join(odd, 'lab.db'));
    db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY); CREATE TABLE sessions (id INTEGER PRIMARY KEY);');
    db.close();
    const before = liveTree(s);
    const err = await s.backups.restore(odd).catch((e: unknown) => e as AppError);
    expect((err as AppError).code).toBe('validation');
    expect((err as AppError).message).toMatch(/could not be opened .* previous data was put back/);
    const after = liveTree(s);
    expect(after['lab.db']).toBe(before['lab.db']);
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(30);
    expect(s.backups.status().job).toMatchObject({ kind: 'restore', ok: false });
  });
});
