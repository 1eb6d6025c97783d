// Databases: WAL + foreign keys, schema versions, forward-only and idempotent migrations.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabases } from '../../src/main/db/databases';
import { JOURNAL_SIZE_LIMIT, openDatabase } from '../../src/main/db/open';
import { latestVersion, migrate, SchemaTooNewError, schemaVersion, type Migration } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { tempDir } from '../support/temp';

describe('databases', () => {
  it('opens lab.db and completion.db in WAL mode with foreign keys and current schema versions', () => {
    const dir = tempDir();
    const dbs = openDatabases(dir);
    try {
      for (const db of [dbs.lab, dbs.completion]) {
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      }
      expect(schemaVersion(dbs.lab)).toBe(latestVersion(labMigrations));
      expect(schemaVersion(dbs.completion)).toBe(latestVersion(completionMigrations));
      // Foreign keys are enforced: an order needs an existing applicant.
      expect(() => dbs.lab.prepare(`INSERT INTO consumable_orders (name, quantity, applicant_id, status) VALUES ('x', 1, 999, 'pending_approval')`).run()).toThrow(/FOREIGN KEY/);
    } finally {
      dbs.close();
    }
  });

  it('a write-ahead log grown by a big write shrinks back once it has been copied and starts over', () => {
    const file = path.join(tempDir(), 'big.db');
    const db = openDatabase(file);
    try {
      db.exec('CREATE TABLE t(x)');
      db.pragma('wal_autocheckpoint = 0');
      const ins = db.prepare('INSERT INTO t VALUES (randomblob(4000))');
      db.transaction(() => {
        for (let i = 0; i < 6000; i++) ins.run();
      })();
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4 * JOURNAL_SIZE_LIMIT);
      db.pragma('wal_checkpoint(PASSIVE)');
      ins.run(); // the next writer starts the log over and cuts the file
      expect(fs.statSync(`${file}-wal`).size).toBeLessThanOrEqual(JOURNAL_SIZE_LIMIT);
    } finally {
      db.close();
    }
  });

  it('re-opening runs no migration and keeps the data (idempotent)', () => {
    const dir = tempDir();
    let calls = 0;
    const first = openDatabases(dir, { beforeMigrate: () => calls++ });
    first.lab.prepare(`INSERT INTO users (username, display_name, role, password_hash) VALUES ('u', 'U', 'member', 'x')`).run();
    first.close();
    const second = openDatabases(dir, { beforeMigrate: () => calls++ });
    expect(calls).toBe(1);
    expect(second.lab.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 1 });
    second.close();
  });

  it('applies only newer migrations, each in its own transaction, and a failing step leaves the version unchanged', () => {
    const file = path.join(tempDir(), 'x.db');
    const db = openDatabase(file);
    const steps: Migration[] = [
      { version: 1, description: 'a', up: (d) => d.exec('CREATE TABLE a (x)') },
      { version: 2, description: 'b', up: (d) => d.exec('CREATE TABLE b (x)') },
    ];
    expect(migrate(db, steps)).toEqual([1, 2]);
    expect(migrate(db, steps)).toEqual([]);
    const broken: Migration[] = [...steps, { version: 3, description: 'c', up: (d) => (d.exec('CREATE TABLE c (x)'), d.exec('SELECT * FROM nope')) }];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'c'`).get()).toBeUndefined();
    db.close();
  });

  it('refuses a database newer than the app', () => {
    const dir = tempDir();
    openDatabases(dir).close();
    const db = openDatabase(path.join(dir, 'lab.db'));
    db.pragma('user_version = 99');
    db.close();
    expect(() => openDatabases(dir)).toThrow(SchemaTooNewError);
  });
});
