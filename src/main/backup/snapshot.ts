// A consistent copy of a live SQLite database: VACUUM INTO from a separate read-only connection
// reads one snapshot (WAL readers never block the app's writers, and committed pages still in
// -wal are included), then the copy is integrity-checked, fsynced and renamed into place.
// A raw file copy of a live .db is never taken (DESIGN §5).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { BackupInvalidError } from './manifest';
import { fsyncFile } from './files';

export interface DbFacts {
  schemaVersion: number;
  /** Row count per table. */
  counts: Record<string, number>;
}

export function snapshotDatabase(srcFile: string, destFile: string): DbFacts {
  const tmp = `${destFile}.partial`;
  fs.rmSync(tmp, { force: true });
  const src = new Database(srcFile, { readonly: true, fileMustExist: true });
  try {
    src.pragma('busy_timeout = 5000');
    src.prepare('VACUUM INTO ?').run(tmp);
  } finally {
    src.close();
  }
  try {
    const facts = checkDatabase(tmp, destFile);
    fsyncFile(tmp);
    fs.renameSync(tmp, destFile);
    return facts;
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** integrity_check, schema version and row counts of a closed database file (opened read-only). */
export function checkDatabase(file: string, label = file): DbFacts {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new BackupInvalidError(`${label} cannot be opened as a database (${(e as Error).message}).`);
  }
  try {
    let result: string[];
    try {
      result = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check);
    } catch (e) {
      throw new BackupInvalidError(`${label} is damaged: ${(e as Error).message}.`);
    }
    if (result.length !== 1 || result[0] !== 'ok') throw new BackupInvalidError(`${label} failed the integrity check: ${result.slice(0, 3).join('; ')}.`);
    return { schemaVersion: db.pragma('user_version', { simple: true }) as number, counts: tableCounts(db) };
  } finally {
    db.close();
  }
}

export function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = db.prepare(`SELECT count(*) FROM "${t.replace(/"/g, '""')}"`).pluck().get() as number;
  return counts;
}
