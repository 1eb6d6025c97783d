// Opening the two databases when their files may be damaged (a crash, a full disk, a bad copy):
// completion.db is derived data and is replaced; lab.db holds the facts and is never touched.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from './open';
import { pendingMigrations } from './migrate';
import { completionMigrations } from './migrations/completion';
import { StartFailureError } from '../../shared/start-failure';

/**
 * SQLite's words for a file that is not (or no longer) a sound database. A busy or locked file is
 * not damage: it passes. Start-up and the running app (completion/recovery.ts) decide alike.
 */
export function isDamage(e: unknown): boolean {
  const code = String((e as { code?: string })?.code ?? '');
  if (e instanceof DamagedDatabaseError || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return true;
  // Errors passed on without SQLite's code keep its message.
  return !code && /database disk image is malformed|file is not a database/.test(e instanceof Error ? e.message : String(e));
}

class DamagedDatabaseError extends Error {}

/** Opens completion.db and reads enough of it to trust its structure; throws on damage. */
function openCheckedCompletion(file: string): Db {
  const db = openDatabase(file);
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    // Alone at start (the instance lock; the worker starts later): fold the log into the file, then
    // the file must hold every page its header counts (a truncated file does not).
    const [cp] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    if (cp?.busy === 0 && fs.statSync(file).size < pages * pageSize) throw new DamagedDatabaseError(`the file is shorter than its ${pages} pages: it was truncated`);
    // A cut file can look whole once the log is folded back in (missing pages read as zeros):
    // only reading every page tells. It costs a read of the file at start, for derived data only.
    const check = db.pragma('quick_check(1)', { simple: true }) as string;
    if (check !== 'ok') throw new DamagedDatabaseError(`quick_check: ${check}`);
    pendingMigrations(db, completionMigrations, path.basename(file));
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * completion.db is derived data (spec 000): a damaged one is moved aside (kept, named with the
 * time), a fresh one is created, and the maintenance worker rebuilds the index and re-imports
 * legacy memory into it. lab.db damage is never handled this way.
 */
export function openCompletion(file: string, onDamaged?: (info: { movedTo: string; error: string }) => void): Db {
  try {
    return openCheckedCompletion(file);
  } catch (e) {
    if (!isDamage(e)) throw e;
    const movedTo = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.mkdirSync(movedTo);
    for (const sfx of ['', '-wal', '-shm']) if (fs.existsSync(file + sfx)) fs.renameSync(file + sfx, path.join(movedTo, path.basename(file) + sfx));
    onDamaged?.({ movedTo, error: (e as Error).message });
    return openDatabase(file);
  }
}

/** lab.db holds the facts: damage there is a hard stop, explained, with the way back (a restore). */
export class LabDatabaseDamagedError extends StartFailureError {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    const dataDir = path.dirname(file);
    super('labDamaged', { name: path.basename(file), dir: dataDir, detail, backups: path.join(dataDir, 'backups') });
    this.name = 'LabDatabaseDamagedError';
  }
}

export function openLab(file: string): Db {
  let db: Db | null = null;
  try {
    db = openDatabase(file);
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (e) {
    db?.close();
    if (isDamage(e)) throw new LabDatabaseDamagedError(file, (e as Error).message);
    throw e;
  }
}

