// A consistent copy of a live SQLite database: VACUUM INTO from a separate read-only connection
// reads one snapshot (WAL readers never block the app's writers, and committed pages still in
// -wal are included), then the copy is integrity-checked, fsynced and renamed into place.
// A raw file copy of a live .db is never taken (docs/design.md#data-directory). The async forms run the SQLite work
// in a worker thread; the sync forms are for callers that hold the app still anyway.
import fs from 'node:fs';
import { BackupError } from './backup-error';
import { fsyncFile, fsyncFileAsync } from './files';
import { inlineOps, runDbOp } from './db-worker';
import type { DbCheck } from './db-ops';

export interface DbFacts {
  schemaVersion: number;
  /** Row count per table. */
  counts: Record<string, number>;
}

function facts(c: DbCheck, label: string): DbFacts {
  if (c.integrity.length !== 1 || c.integrity[0] !== 'ok') throw new BackupError('restore.integrity', { file: label, detail: c.integrity.slice(0, 3).join('; ') });
  return { schemaVersion: c.schemaVersion, counts: c.counts };
}

function damaged(e: unknown, label: string): never {
  if (e instanceof BackupError) throw e;
  if ((e as NodeJS.ErrnoException).code && /^E[A-Z]+$/.test((e as NodeJS.ErrnoException).code!)) throw e; // file-system errors keep their code
  throw new BackupError('restore.notDatabase', { file: label, detail: (e as Error).message });
}

/** integrity_check, schema version and row counts of a closed database file (read-only). */
export function checkDatabase(file: string, label = file): DbFacts {
  let c: DbCheck;
  try {
    c = inlineOps.check(file);
  } catch (e) {
    damaged(e, label);
  }
  return facts(c, label);
}

export async function checkDatabaseAsync(file: string, label = file): Promise<DbFacts> {
  let c: DbCheck;
  try {
    c = await runDbOp('check', file);
  } catch (e) {
    damaged(e, label);
  }
  return facts(c, label);
}

export function snapshotDatabase(srcFile: string, destFile: string): DbFacts {
  const tmp = `${destFile}.partial`;
  fs.rmSync(tmp, { force: true });
  try {
    inlineOps.vacuumInto(srcFile, tmp);
    const f = checkDatabase(tmp, destFile);
    fsyncFile(tmp);
    fs.renameSync(tmp, destFile);
    return f;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export async function snapshotDatabaseAsync(srcFile: string, destFile: string): Promise<DbFacts> {
  const tmp = `${destFile}.partial`;
  fs.rmSync(tmp, { force: true });
  try {
    await runDbOp('vacuumInto', srcFile, tmp);
    const f = await checkDatabaseAsync(tmp, destFile);
    await fsyncFileAsync(tmp);
    fs.renameSync(tmp, destFile);
    return f;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export function tableCounts(file: string): Record<string, number> {
  return inlineOps.counts(file);
}
