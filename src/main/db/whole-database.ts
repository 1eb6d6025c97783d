// Work on a whole database file rather than on a table (docs/stores.md): the copy, check and log
// folding of backup, restore and move. The caller opens and closes the connection (a worker
// thread's own, or a read-only one beside the app's); these only run the statements.
import type { Db } from './open';

/** One consistent copy of the database into the new file `dest` (VACUUM INTO). */
export function vacuumInto(db: Db, dest: string): void {
  db.prepare('VACUUM INTO ?').run(dest);
}

/** PRAGMA integrity_check's lines: exactly ['ok'] for a sound file. */
export function integrityCheck(db: Db): string[] {
  return (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check);
}

/** Rows per table (SQLite's own tables left out), by table name. */
export function tableRowCounts(db: Db): Record<string, number> {
  const tables = (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as Array<{ name: string }>).map((r) => r.name);
  const out: Record<string, number> = {};
  // The names come from the file's own schema; quoted, so any name is read as a name.
  for (const t of tables) out[t] = (db.prepare(`SELECT count(*) AS n FROM "${t.replace(/"/g, '""')}"`).get() as { n: number }).n;
  return out;
}

/** Copies the write-ahead log into the file and empties it (wal_checkpoint(TRUNCATE)). */
export function checkpointTruncate(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/** Leaves WAL mode: the file alone holds the database, with no -wal or -shm beside it. */
export function useRollbackJournal(db: Db): void {
  db.pragma('journal_mode = DELETE');
}

/**
 * Marks every endpoint of a completion.db of any version stale (and bumps its change version where
 * it has one), so the maintenance worker rebuilds the entity index from the restored records.
 * False when the file has no stale marker to set: it is not a completion.db this app knows.
 */
export function markCompletionIndexStale(db: Db): boolean {
  const cols = (db.prepare(`SELECT name FROM pragma_table_info('endpoint_meta')`).all() as Array<{ name: string }>).map((r) => r.name);
  if (!cols.includes('stale')) return false;
  db.prepare(`UPDATE endpoint_meta SET stale = 1${cols.includes('change_version') ? ', change_version = change_version + 1' : ''}`).run();
  return true;
}
