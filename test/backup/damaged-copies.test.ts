// Restoring from a plain copy of a data directory: a completion.db of another program is derived
// data of no use and is dropped (the index is rebuilt from the facts); a lab.db SQLite cannot open
// is refused, saying what to do instead.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { stageRestoreSource } from '../../src/main/backup/source';
import { BackupError } from '../../src/main/backup/backup-error';
import { latestVersion } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { seedDataDir } from './helpers';
import { tempDir } from '../support/temp';

const limits = { labLatest: latestVersion(labMigrations), completionLatest: latestVersion(completionMigrations) };

function copyWith(completion: (file: string) => void) {
  const src = tempDir();
  seedDataDir(src, 5, 'copied');
  completion(path.join(src, 'completion.db'));
  return { src, staging: path.join(tempDir(), 'staging') };
}

describe('plain data-folder copies with damaged files', () => {
  it('a completion.db of another program (no endpoint_meta) is dropped', async () => {
    const { src, staging } = copyWith((f) => {
      for (const sfx of ['', '-wal', '-shm']) fs.rmSync(f + sfx, { force: true });
      const db = new Database(f);
      db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
      db.close();
    });
    const preview = await stageRestoreSource(src, staging, limits);
    expect(fs.existsSync(path.join(staging, 'completion.db'))).toBe(false);
    expect(preview.files).not.toContain('completion.db');
    expect(preview.counts.inventory_items).toBe(5);
  });

  it('a damaged lab.db is refused with what to do instead', async () => {
    const src = tempDir();
    seedDataDir(src, 5);
    for (const sfx of ['-wal', '-shm']) fs.rmSync(path.join(src, `lab.db${sfx}`), { force: true });
    fs.writeFileSync(path.join(src, 'lab.db'), Buffer.alloc(8192, 7));
    const err = await stageRestoreSource(src, path.join(tempDir(), 'staging'), limits).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/lab\.db in the copied folder cannot be opened or is damaged.*make a backup in the app instead/);
  });
});
