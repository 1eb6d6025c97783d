// Opening damaged databases in-process (the start-up path of src/main/db/damage.ts): a damaged
// completion.db is moved aside into a folder named with the time and a fresh one opens; lab.db
// damage stops with an explanation and leaves the file as it was.
import { thrownBy } from '../support/refusal';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LabDatabaseDamagedError, openCompletion, openLab } from '../../src/main/db/damage';
import { openDatabase } from '../../src/main/db/open';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { tempDir } from '../support/temp';

/** A completion.db with its schema and some hundred kilobytes of rows, its log folded in. */
function soundCompletion(dir: string): string {
  const file = path.join(dir, 'completion.db');
  const db = openDatabase(file);
  migrate(db, completionMigrations, 'completion.db');
  db.exec('CREATE TABLE filler (x TEXT)');
  const ins = db.prepare('INSERT INTO filler VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 400; i++) ins.run(`row ${i} ${'y'.repeat(300)}`);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

function overwrite(file: string, at: number, bytes: Buffer): void {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, bytes, 0, bytes.length, at);
  fs.closeSync(fd);
}

const DAMAGES: Array<[string, (f: string) => void]> = [
  ['truncated to half', (f) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2))],
  ['header overwritten', (f) => overwrite(f, 0, Buffer.alloc(100, 0x5a))],
  // Pages 2 onwards replaced by noise: the header is sound, the b-trees are not.
  ['garbage pages', (f) => {
    const size = fs.statSync(f).size;
    const noise = Buffer.alloc(size - 4096);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) & 0xff;
    overwrite(f, 4096, noise);
  }],
];

const aside = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('completion.db.damaged-'));

describe('openCompletion on a damaged completion.db', () => {
  for (const [name, damage] of DAMAGES) {
    it(`${name}: moves the file aside (named with the time), tells once, and opens a fresh empty one`, () => {
      const dir = tempDir();
      const file = soundCompletion(dir);
      const before = fs.readFileSync(file);
      damage(file);
      const damaged = fs.readFileSync(file);
      expect(damaged.equals(before)).toBe(false);
      const told: Array<{ movedTo: string; error: string }> = [];
      const started = Date.now();
      const db = openCompletion(file, (i) => told.push(i));
      try {
        expect(told).toHaveLength(1);
        const moved = aside(dir);
        expect(moved).toHaveLength(1);
        expect(told[0]!.movedTo).toBe(path.join(dir, moved[0]!));
        expect(told[0]!.error).not.toBe('');
        // The name carries the time of the move (ISO, with ':' and '.' made file-name safe).
        const stamp = moved[0]!.slice('completion.db.damaged-'.length).replace(/^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, '$1T$2:$3:$4.$5Z');
        expect(Math.abs(Date.parse(stamp) - started)).toBeLessThan(60_000);
        // The damaged bytes are kept, unchanged, inside the folder.
        expect(fs.readFileSync(path.join(dir, moved[0]!, 'completion.db')).equals(damaged)).toBe(true);
        // A fresh database: no tables yet (the worker creates and rebuilds them), and it is writable.
        expect(schemaVersion(db)).toBe(0);
        expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 0 });
        db.exec('CREATE TABLE t (x)');
      } finally {
        db.close();
      }
      // A second open finds the fresh file sound: nothing more moved, nothing told.
      const again = openCompletion(file, (i) => told.push(i));
      again.close();
      expect(told).toHaveLength(1);
      expect(aside(dir)).toHaveLength(1);
    });
  }

  it('a damaged -wal and -shm move with the file', () => {
    const dir = tempDir();
    const file = soundCompletion(dir);
    overwrite(file, 0, Buffer.alloc(100, 0x5a));
    fs.writeFileSync(`${file}-wal`, Buffer.alloc(0));
    fs.writeFileSync(`${file}-shm`, Buffer.alloc(32768));
    const db = openCompletion(file);
    db.close();
    const [moved] = aside(dir);
    expect(fs.readdirSync(path.join(dir, moved!)).sort()).toEqual(['completion.db', 'completion.db-shm', 'completion.db-wal']);
  });

  it('zero bytes is a valid empty database: opened in place, nothing moved', () => {
    const dir = tempDir();
    const file = soundCompletion(dir);
    fs.truncateSync(file, 0);
    let told = 0;
    const db = openCompletion(file, () => told++);
    db.close();
    expect(told).toBe(0);
    expect(aside(dir)).toEqual([]);
  });

  it('a sound file opens in place with its rows', () => {
    const dir = tempDir();
    const file = soundCompletion(dir);
    const db = openCompletion(file, () => {
      throw new Error('not damaged');
    });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 400 });
    } finally {
      db.close();
    }
    expect(aside(dir)).toEqual([]);
  });

  it('a completion.db newer than the app is not damage: refused, never moved aside', () => {
    const dir = tempDir();
    const file = soundCompletion(dir);
    const db = openDatabase(file);
    db.pragma('user_version = 9999');
    db.close();
    expect(() => openCompletion(file)).toThrow(/newer than this app supports/);
    expect(aside(dir)).toEqual([]);
  });
});

describe('openLab on a damaged lab.db', () => {
  function soundLab(dir: string): string {
    const file = path.join(dir, 'lab.db');
    const db = openDatabase(file);
    migrate(db, labMigrations, 'lab.db');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    return file;
  }

  it('header overwritten: LabDatabaseDamagedError naming the file, the backups and restore; the file untouched', () => {
    const dir = tempDir();
    const file = soundLab(dir);
    overwrite(file, 0, Buffer.alloc(100, 0x5a));
    const bytes = fs.readFileSync(file);
    const err = thrownBy(() => openLab(file).close());
    expect(err).toBeInstanceOf(LabDatabaseDamagedError);
    const e = err as LabDatabaseDamagedError;
    expect(e.name).toBe('LabDatabaseDamagedError');
    expect(e.file).toBe(file);
    expect(e.message).toContain(`lab.db in ${dir} is damaged`);
    expect(e.message).toContain(path.join(dir, 'backups'));
    expect(e.message).toContain('Settings → Data → Restore');
    expect(e.message).toContain(`npm run restore -- --data-dir "${dir}"`);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('damaged'))).toEqual([]);
  });

  it('a sound lab.db opens; a failure that is not damage passes through unchanged', () => {
    const dir = tempDir();
    const file = soundLab(dir);
    const db = openLab(file);
    expect(schemaVersion(db)).toBeGreaterThan(0);
    db.close();
    // A directory where the file should be: SQLite cannot open it, which is not damage.
    const notAFile = path.join(dir, 'folder.db');
    fs.mkdirSync(notAFile);
    const err = thrownBy(() => openLab(notAFile).close());
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(LabDatabaseDamagedError);
  });
});
