// Automatic backup before a schema migration. The app's migration list is extended by one step
// for this test (the backup code under test is the real one): a data directory at the current
// version is then "old", and starting the app must back it up before upgrading it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startTestServices, tempDir } from '../support/temp';
import { readBackupStatus } from '../../src/main/backup/status';
import { factsOf, seedDataDir } from './helpers';
import { listBackups } from '../../src/main/backup/retention';
import { MANIFEST_FILE } from '../../src/main/backup/manifest';

const extra = vi.hoisted(() => ({ on: false }));
vi.mock('../../src/main/db/migrations/lab', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/main/db/migrations/lab')>();
  const latest = Math.max(...m.labMigrations.map((x) => x.version));
  const step = { version: latest + 1, description: 'test: a later schema', up: (db: import('better-sqlite3').Database) => db.exec('ALTER TABLE inventory_items ADD COLUMN test_extra TEXT') };
  return { ...m, get labMigrations() { return extra.on ? [...m.labMigrations, step] : m.labMigrations; } };
});

describe('automatic backup before a migration', () => {
  it('backs up the old data into backups/pre-migration-<time>/ before upgrading it', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 120, 'before-upgrade');
    const before = factsOf(path.join(dataDir, 'lab.db'));
    extra.on = true;
    try {
      const s = await startTestServices({ dataDir });
      const backups = listBackups(dataDir);
      expect(backups).toHaveLength(1);
      expect(backups[0]).toMatchObject({ kind: 'pre-migration', form: 'folder', complete: true });
      const folder = path.join(dataDir, 'backups', backups[0]!.name);
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
      expect(manifest.kind).toBe('pre-migration');
      expect(manifest.schema.lab).toBe(s.data.dbs.lab.pragma('user_version', { simple: true }) as number - 1);
      expect(factsOf(path.join(folder, 'lab.db'))).toEqual(before);
      expect(s.backups.status().lastBackup).toMatchObject({ ok: true, kind: 'pre-migration' });
      // And the backup folder restores (it is a complete backup with checksums).
      const preview = await s.backups.previewRestore(folder);
      expect(preview).toMatchObject({ sourceKind: 'backup-folder', needsUpgrade: true });
    } finally {
      extra.on = false;
    }
  });

  it('a brand-new data directory has nothing to back up', async () => {
    extra.on = true;
    try {
      const s = await startTestServices();
      expect(listBackups(s.dataDir)).toEqual([]);
    } finally {
      extra.on = false;
    }
  });

  it('when that backup fails, the upgrade does not run, the data stays as it was, and the failure is recorded', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 10, 'before-upgrade');
    const before = factsOf(path.join(dataDir, 'lab.db'));
    // A file the backup must copy that cannot be copied (a folder where a file belongs).
    fs.mkdirSync(path.join(dataDir, 'import-batch.json'));
    extra.on = true;
    try {
      await expect(startTestServices({ dataDir })).rejects.toThrow(/automatic backup before the database upgrade failed, so the upgrade did not run/);
    } finally {
      extra.on = false;
    }
    expect(factsOf(path.join(dataDir, 'lab.db'))).toEqual(before);
    expect(listBackups(dataDir)).toEqual([]);
    expect(readBackupStatus(dataDir).last).toMatchObject({ ok: false, kind: 'pre-migration' });
  });
});
