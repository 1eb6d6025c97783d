// The file tasks of moves, backups and restores, run in the test process (the app runs them in a
// killable child, where in-process coverage cannot see them): a backup folder written here, staged
// back from a folder, a zip and a plain data-directory copy, and every refusal on the way.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fsTasks, runFsTaskHere } from '../../src/main/backup/fs-tasks.child';
import { createBackupArchive } from '../../src/main/backup/create-backup';
import { applyRestore, stageRestore } from '../../src/main/backup/restore';
import { checkDatabase } from '../../src/main/backup/snapshot';
import { inlineOps } from '../../src/main/backup/db-worker';
import { silentLogger } from '../../src/main/logging';
import { BackupError } from '../../src/main/backup/backup-error';
import { checkExpandedSize, MAX_RESTORE_LOG_BYTES } from '../../src/main/backup/restore-limits';
import { acquireInstanceLock } from '../../src/main/data-dir/instance-lock';
import { latestVersion } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { factsOf, seedDataDir } from './helpers';
import { tempDir } from '../support/temp';

const limits = { labLatest: latestVersion(labMigrations), completionLatest: latestVersion(completionMigrations) };
const meta = { kind: 'manual' as const, appVersion: '9.9.9-test' };
const staging = () => path.join(tempDir(), 'staging');

/** A data directory with 7 items, settings, an import batch and a log. */
function dataDir(): string {
  const dir = tempDir();
  seedDataDir(dir, 7, 'kept');
  fs.writeFileSync(path.join(dir, 'settings.json'), '{"port":4321}');
  fs.writeFileSync(path.join(dir, 'import-batch.json'), '{"items":[]}');
  fs.mkdirSync(path.join(dir, 'logs'));
  fs.writeFileSync(path.join(dir, 'logs', 'app.log'), 'started\n');
  return dir;
}

function backupFolder(): { src: string; folder: string } {
  const src = dataDir();
  const folder = path.join(tempDir(), 'backup');
  fsTasks.backupFolder(src, folder, meta);
  return { src, folder };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  return (err as Error).message;
}

const editManifest = (folder: string, edit: (m: { files: Array<{ path: string; size: number; sha256: string }>; counts: { lab: Record<string, number> } }) => void) => {
  const file = path.join(folder, 'manifest.json');
  const m = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(m);
  fs.writeFileSync(file, JSON.stringify(m));
};

describe('a backup folder written in process and staged back', () => {
  it('holds every fact and file; staging marks the completion index stale and drops the manifest', async () => {
    const { src, folder } = backupFolder();
    const to = staging();
    const preview = await fsTasks.stageRestore(folder, to, limits);
    expect(preview.sourceKind).toBe('backup-folder');
    expect(preview.appVersion).toBe('9.9.9-test');
    expect(preview.counts.inventory_items).toBe(7);
    expect(preview.warnings).toEqual([]);
    expect(preview.needsUpgrade).toBe(false);
    expect(preview.files.sort()).toEqual(['completion.db', 'import-batch.json', 'lab.db', 'logs/app.log', 'settings.json']);
    expect(factsOf(path.join(to, 'lab.db'))).toEqual(factsOf(path.join(src, 'lab.db')));
    const c = new Database(path.join(to, 'completion.db'), { readonly: true });
    const fresh = c.prepare('SELECT COUNT(*) FROM endpoint_meta WHERE stale = 0').pluck().get();
    c.close();
    expect(fresh).toBe(0);
  });

  it('a zip archive of the same data stages the same facts', async () => {
    const src = dataDir();
    const zip = path.join(tempDir(), 'b.zip');
    await createBackupArchive(src, zip, meta, { workRoot: tempDir() });
    const to = staging();
    const reply = await runFsTaskHere({ task: 'stageRestore', args: [zip, to, limits] });
    expect(reply.ok).toBe(true);
    expect((reply as { value: { sourceKind: string } }).value.sourceKind).toBe('archive');
    expect(factsOf(path.join(to, 'lab.db'))).toEqual(factsOf(path.join(src, 'lab.db')));
  });

  it('a file changed after the backup is refused as damaged', async () => {
    const { folder } = backupFolder();
    fs.writeFileSync(path.join(folder, 'settings.json'), '{"port":1}');
    expect(await refusal(fsTasks.stageRestore(folder, staging(), limits))).toMatch(/settings\.json in the backup folder does not match its checksum/);
  });

  it('a manifest whose counts differ from the database is refused as inconsistent', async () => {
    const { folder } = backupFolder();
    editManifest(folder, (m) => (m.counts.lab.inventory_items = 99));
    expect(await refusal(fsTasks.stageRestore(folder, staging(), limits))).toMatch(/holds 7 rows in inventory_items but the manifest says 99/);
  });

  it('a listed file that is missing, or one a backup never holds, is refused', async () => {
    const a = backupFolder().folder;
    fs.rmSync(path.join(a, 'import-batch.json'));
    expect(await refusal(fsTasks.stageRestore(a, staging(), limits))).toMatch(/missing import-batch\.json/);
    const b = backupFolder().folder;
    editManifest(b, (m) => m.files.push({ path: 'instance.lock', size: 2, sha256: '0'.repeat(64) }));
    expect(await refusal(fsTasks.stageRestore(b, staging(), limits))).toMatch(/a file a backup never holds: instance\.lock/);
  });

  it('a listed file that is a symbolic link is refused, and nothing is staged', async () => {
    const { folder } = backupFolder();
    const outside = path.join(tempDir(), 'secret.json');
    fs.writeFileSync(outside, '{"port":4321}');
    fs.rmSync(path.join(folder, 'settings.json'));
    fs.symlinkSync(outside, path.join(folder, 'settings.json'));
    const dataDirHere = tempDir();
    expect(await refusal(stageRestore(dataDirHere, folder))).toMatch(/settings\.json in the backup is a symbolic link/);
    expect(fs.readdirSync(dataDirHere)).toEqual([]);
  });

  it('a manifest listing more logs than the cap is refused before anything is copied', async () => {
    const { folder } = backupFolder();
    editManifest(folder, (m) => m.files.push({ path: 'logs/huge.log', size: MAX_RESTORE_LOG_BYTES + 1, sha256: '0'.repeat(64) }));
    const to = staging();
    expect(await refusal(fsTasks.stageRestore(folder, to, limits))).toMatch(/would expand to .*logs: 65 MiB/);
    expect(fs.existsSync(to)).toBe(false);
  });

  it('impossible sizes are refused', () => {
    expect(() => checkExpandedSize([{ path: 'lab.db', size: -1 }])).toThrow(/impossible size for lab\.db/);
    expect(() => checkExpandedSize([{ path: 'lab.db', size: 1.5 }])).toThrow(BackupError);
  });

  it('a path that is neither a backup nor a data directory, or does not exist, is refused', async () => {
    expect(await refusal(fsTasks.stageRestore(tempDir(), staging(), limits))).toMatch(/neither a Lab Desktop backup/);
    expect(await refusal(fsTasks.stageRestore(path.join(tempDir(), 'nope'), staging(), limits))).toMatch(/does not exist/);
    const reply = await runFsTaskHere({ task: 'stageRestore', args: [path.join(tempDir(), 'nope'), staging(), limits] });
    expect(reply).toMatchObject({ ok: false, name: 'BackupError' });
  });
});

describe('a plain copy of a data directory', () => {
  /** Copies `src`'s files while a connection holds uncommitted-to-file WAL frames (a crash image). */
  function crashCopy(): { copy: string; expected: ReturnType<typeof factsOf> } {
    const src = dataDir();
    const db = new Database(path.join(src, 'lab.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.prepare(`INSERT INTO inventory_items (name, cas_number, quantity, unit, status) VALUES ('in the wal', '7647-14-5', 1, 'g', 'in_stock')`).run();
    const copy = tempDir();
    fs.cpSync(src, copy, { recursive: true });
    db.close();
    return { copy, expected: factsOf(path.join(src, 'lab.db')) };
  }

  it('after a crash (-wal, -shm, stale lock) recovers every committed row, warns, and leaves the source as it was', async () => {
    const { copy, expected } = crashCopy();
    expect(fs.statSync(path.join(copy, 'lab.db-wal')).size).toBeGreaterThan(0);
    fs.writeFileSync(path.join(copy, 'instance.lock'), JSON.stringify({ pid: 2 ** 22 + 17, host: 'elsewhere', startedAt: '2020-01-01T00:00:00Z' }));
    const before = fs.readdirSync(copy).sort();
    const to = staging();
    const preview = await fsTasks.stageRestore(copy, to, limits);
    expect(preview.sourceKind).toBe('data-folder');
    expect(preview.counts.inventory_items).toBe(8);
    expect(factsOf(path.join(to, 'lab.db'))).toEqual(expected);
    expect(preview.warnings.map((w) => w.message).join(' ')).toMatch(/not closed cleanly/);
    expect(fs.readdirSync(to).filter((f) => /-(wal|shm|journal)$/.test(f) || f === 'instance.lock')).toEqual([]);
    expect(fs.readdirSync(copy).sort()).toEqual(before);
  });

  it('a lock held by a live process refuses the copy', async () => {
    const src = dataDir();
    const lock = acquireInstanceLock(src);
    try {
      expect(await refusal(fsTasks.stageRestore(src, staging(), limits))).toMatch(/belongs to a running Lab Desktop \(pid \d+/);
    } finally {
      lock.release();
    }
  });

  it('a logs folder that is a symbolic link is refused', async () => {
    const src = dataDir();
    const elsewhere = tempDir();
    fs.rmSync(path.join(src, 'logs'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(src, 'logs'));
    expect(await refusal(fsTasks.stageRestore(src, staging(), limits))).toMatch(/logs in the backup is a symbolic link/);
    fs.unlinkSync(path.join(src, 'logs'));
    fs.mkdirSync(path.join(src, 'logs'));
    fs.symlinkSync(path.join(elsewhere), path.join(src, 'logs', 'inner'));
    expect(await refusal(fsTasks.stageRestore(src, staging(), limits))).toMatch(/logs\/inner in the backup is a symbolic link/);
  });

  it('a damaged completion.db is dropped with a warning, as docs/data-directory.md says; the facts are restored', async () => {
    const src = dataDir();
    for (const sfx of ['-wal', '-shm']) fs.rmSync(path.join(src, `completion.db${sfx}`), { force: true });
    fs.writeFileSync(path.join(src, 'completion.db'), Buffer.alloc(8192, 7));
    const to = staging();
    const preview = await fsTasks.stageRestore(src, to, limits);
    expect(preview.counts.inventory_items).toBe(7);
    expect(preview.files).not.toContain('completion.db');
    expect(preview.schema.completion).toBe(0);
    expect(preview.warnings.map((w) => w.message).join(' ')).toMatch(/search-completion data .* is damaged/);
    expect(fs.readdirSync(to).filter((f) => f.startsWith('completion.db'))).toEqual([]);
  });
});

describe('moving the data directory', () => {
  it('refuses relative, inside, containing, system, non-empty and file targets', () => {
    const dir = dataDir();
    const check = (t: string) => () => fsTasks.checkMoveTarget(dir, t);
    expect(check('relative/path')).toThrow(/absolute/);
    expect(check(path.join(dir, 'sub'))).toThrow(/outside the current data directory/);
    expect(check(path.dirname(dir))).toThrow(/outside the current data directory/);
    expect(check('/proc/self/x')).toThrow(/system folder/);
    const full = tempDir();
    fs.writeFileSync(path.join(full, 'x'), '');
    expect(check(full)).toThrow(/not an empty folder/);
    expect(check(path.join(full, 'x'))).toThrow(/not an empty folder/);
  });

  it('refuses a target through a symbolic link into a system folder or back into the data directory', () => {
    const dir = dataDir();
    const links = tempDir();
    fs.symlinkSync('/proc', path.join(links, 'p'));
    fs.symlinkSync(dir, path.join(links, 'd'));
    expect(() => fsTasks.checkMoveTarget(dir, path.join(links, 'p', 'new'))).toThrow(/leads into a system folder/);
    expect(() => fsTasks.checkMoveTarget(dir, path.join(links, 'd', 'new'))).toThrow(/outside the current data directory/);
  });

  it('copies and verifies every file into a new folder; a cleared target is as before', () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'backups'));
    fs.writeFileSync(path.join(dir, 'backups', 'backup-1.zip'), 'zip');
    const target = path.join(tempDir(), 'data');
    const { to, existed } = fsTasks.checkMoveTarget(dir, target);
    expect({ to, existed }).toEqual({ to: target, existed: false });
    fsTasks.copyForMove(dir, to);
    expect(factsOf(path.join(to, 'lab.db'))).toEqual(factsOf(path.join(dir, 'lab.db')));
    for (const f of ['settings.json', 'import-batch.json', 'logs/app.log', 'backups/backup-1.zip']) {
      expect(fs.readFileSync(path.join(to, f), 'utf8'), f).toBe(fs.readFileSync(path.join(dir, f), 'utf8'));
    }
    fsTasks.clearMoveTarget(to, false);
    expect(fs.existsSync(to)).toBe(false);
    const empty = tempDir();
    expect(fsTasks.checkMoveTarget(dir, empty).existed).toBe(true);
    fsTasks.copyForMove(dir, empty);
    fsTasks.clearMoveTarget(empty, true);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('a database that cannot be copied removes what was made and says why', () => {
    const dir = dataDir();
    for (const sfx of ['-wal', '-shm']) fs.rmSync(path.join(dir, `lab.db${sfx}`), { force: true });
    fs.writeFileSync(path.join(dir, 'lab.db'), Buffer.alloc(8192, 7));
    const target = path.join(tempDir(), 'new');
    expect(() => fsTasks.copyForMove(dir, target)).toThrow(BackupError);
    expect(fs.existsSync(target)).toBe(false);
  });
});

function setVersion(file: string, v: number): void {
  const db = new Database(file);
  db.pragma(`user_version = ${v}`);
  db.close();
}

describe('identity and version checks', () => {
  it('a manifest that is not JSON, of another program, incomplete or of a newer format is refused', async () => {
    const cases: Array<[(m: Record<string, unknown>) => unknown, RegExp]> = [
      [() => '{', /not valid JSON/],
      [(m) => ({ ...m, app: 'other-app' }), /not a Lab Desktop backup \(it was written by "other-app"\)/],
      [(m) => ({ ...m, createdAt: undefined }), /manifest\.json is incomplete \(createdAt\)/],
      [(m) => ({ ...m, formatVersion: 99 }), /written by a newer Lab Desktop .*backup format 99/],
    ];
    for (const [edit, message] of cases) {
      const { folder } = backupFolder();
      const file = path.join(folder, 'manifest.json');
      const next = edit(JSON.parse(fs.readFileSync(file, 'utf8')));
      fs.writeFileSync(file, typeof next === 'string' ? next : JSON.stringify(next));
      expect(await refusal(fsTasks.stageRestore(folder, staging(), limits))).toMatch(message);
    }
  });

  it('a lab.db newer than the app, or of another program, is refused; an older one needs an upgrade', async () => {
    const newer = dataDir();
    setVersion(path.join(newer, 'lab.db'), limits.labLatest + 1);
    expect(await refusal(fsTasks.stageRestore(newer, staging(), limits))).toMatch(/newer than this app supports/);
    const foreign = tempDir();
    const f = new Database(path.join(foreign, 'lab.db'));
    f.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY)');
    f.close();
    expect(await refusal(fsTasks.stageRestore(foreign, staging(), limits))).toMatch(/not a Lab Desktop database .*wrong application/);
    const preview = await fsTasks.stageRestore(dataDir(), staging(), { ...limits, labLatest: limits.labLatest + 1 });
    expect(preview.needsUpgrade).toBe(true);
  });

  it('a completion.db newer than the app is refused like a newer lab.db', async () => {
    const src = dataDir();
    setVersion(path.join(src, 'completion.db'), limits.completionLatest + 1);
    expect(await refusal(fsTasks.stageRestore(src, staging(), limits))).toMatch(/completion\.db has schema version \d+, newer than this app supports/);
  });

  it('an unreadable instance.lock counts as stale: the copy restores with the "not closed cleanly" warning', async () => {
    const src = dataDir();
    fs.writeFileSync(path.join(src, 'instance.lock'), 'not json');
    const preview = await fsTasks.stageRestore(src, staging(), limits);
    expect(preview.warnings.map((w) => w.message).join(' ')).toMatch(/not closed cleanly/);
  });
});

describe('staging into and swapping into a data directory', () => {
  it('refuses the data directory itself and folders inside it other than backups/ and replaced/', async () => {
    const dir = dataDir();
    expect(await refusal(stageRestore(dir, dir))).toMatch(/current data directory itself/);
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    expect(await refusal(stageRestore(dir, path.join(dir, 'elsewhere')))).toMatch(/in backups\/, in replaced\/, or outside/);
  });

  it('a first restore into an empty directory puts the backup in place and it opens', async () => {
    const { src, folder } = backupFolder();
    const target = tempDir();
    const staged = await stageRestore(target, folder);
    applyRestore(staged, silentLogger());
    expect(factsOf(path.join(target, 'lab.db'))).toEqual(factsOf(path.join(src, 'lab.db')));
    expect(fs.readFileSync(path.join(target, 'settings.json'), 'utf8')).toBe('{"port":4321}');
  });

  it('the inline checkpoint (used when the worker thread cannot start) folds a copied -wal into the file', () => {
    const src = dataDir();
    const db = new Database(path.join(src, 'lab.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.prepare(`INSERT INTO users (username, display_name, role, password_hash) VALUES ('late', 'Late', 'member', 'x')`).run();
    const copy = tempDir();
    for (const f of ['lab.db', 'lab.db-wal']) fs.copyFileSync(path.join(src, f), path.join(copy, f));
    db.close();
    inlineOps.checkpoint(path.join(copy, 'lab.db'));
    expect(fs.existsSync(path.join(copy, 'lab.db-wal'))).toBe(false);
    expect(factsOf(path.join(copy, 'lab.db'))).toEqual(factsOf(path.join(src, 'lab.db')));
  });

  it('a damaged database file is reported as such by the synchronous check', () => {
    const file = path.join(tempDir(), 'x.db');
    fs.writeFileSync(file, Buffer.alloc(8192, 7));
    expect(() => checkDatabase(file, 'x.db')).toThrow(/x\.db cannot be read as a database/);
  });
});
