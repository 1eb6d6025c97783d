// The second half of a bulk import, run in the import worker (import-worker.ts): insert the rows a
// scan spooled (import-spool.ts), with their `received` movements and audit entries, in one
// transaction on the worker's own connection to lab.db — all or nothing — reporting rows written.
// Every row was checked and prepared by the scan, so the commit is INSERT … SELECT from the attached
// spool, CHUNK rows per statement: no JavaScript per row, and the search index's triggers write one
// segment per statement rather than one per row (records README, "Cost of writing").
import { AppError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import { openDatabase, type Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { INVENTORY_ENTITY } from './inventory-service';
import { placeOf, type ImportPlaces } from './import-locations';
import { ftsTable } from './search-index';
import { attachSpool, quoteColumn, SPOOL_SCHEMA } from './import-spool';
import type { ImportProgress } from '../../shared/records';
import { writeTransaction } from '../db/transaction';

/** FTS5's merge settings when the index's config has none; crisismerge while a commit runs; pages per merge step after it. */
const FTS5_DEFAULTS = { automerge: 4, crisismerge: 16 };
const PAUSED_CRISISMERGE = 1000;
const MERGE_PAGES = 500;
/** Rows per statement and between progress reports. */
const CHUNK = 10_000;
/**
 * Page cache of the worker's connection while it writes (KiB, negative: SQLite's convention): the
 * ~20 sort indexes and the search index of 100 000 new rows fit, so no page is written twice.
 */
const WRITE_CACHE_KIB = 64 * 1024;
/** A commit of at least this many rows that at least doubles a table builds the table's indexes after its rows. */
const DEFER_INDEXES_MIN_ROWS = 10_000;
/** The tables a commit appends to, whose indexes it may build after the rows (deferIndexes). */
const APPENDED_TABLES = ['inventory_items', 'stock_movements', 'audit_log'] as const;

/** The location node of each distinct location text in the spool (as decided: import-locations.ts), as a TEMP table. */
function placeTable(db: Db, places: ImportPlaces | undefined): void {
  db.exec('DROP TABLE IF EXISTS temp.import_places; CREATE TABLE temp.import_places (text TEXT PRIMARY KEY, location_id INTEGER, path TEXT NOT NULL)');
  const put = db.prepare('INSERT INTO temp.import_places (text, location_id, path) VALUES (?, ?, ?)');
  for (const text of db.prepare(`SELECT DISTINCT storage_location FROM ${SPOOL_SCHEMA}.rows`).pluck().all() as string[]) {
    const p = placeOf(db, String(text ?? ''), places?.[String(text ?? '')]);
    put.run(text, p.location_id, p.storage_location);
  }
}

/** Inserts the spooled rows as `actor` in one transaction; returns the new ids in file order. */
export function writeImport(dbPath: string, spool: string, actor: UserInfo, total: number, progress: (p: ImportProgress) => void, places?: ImportPlaces): number[] {
  const db = openDatabase(dbPath);
  // The commit only appends to the write-ahead log; copying ~100 MB of it into lab.db is left to
  // finishImport() after the answer (still in this worker, never on the server's thread).
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`cache_size = -${WRITE_CACHE_KIB}`);
  try {
    let spooled: ReturnType<typeof attachSpool>;
    try {
      spooled = attachSpool(db, spool);
    } catch (e) {
      throw new AppError('unavailable', 'import.spoolDamaged', { detail: e instanceof Error ? e.message : String(e) });
    }
    // The spool is ours, but a disk that lost part of it must not become a half import.
    if (spooled.rows !== total) throw new AppError('unavailable', 'import.spoolShort', { written: spooled.rows, total });
    const ids: number[] = [];
    const report = () => progress({ phase: 'write', rows: ids.length, total, percent: total > 0 ? Math.floor((ids.length / total) * 100) : 100 });
    if (total > 0) {
      const cols = spooled.columns.filter((c) => c !== 'storage_location' && c !== 'location_id');
      const list = cols.map(quoteColumn).join(', ');
      writeTransaction(db, () => {
        placeTable(db, places);
        const merging = pauseMerging(db);
        const deferred = APPENDED_TABLES.map((t) => deferIndexes(db, t, total));
        const items = db.prepare(
          `INSERT INTO main.inventory_items (${list}, storage_location, location_id, status, created_by, source_order_id)
           SELECT ${cols.map((c) => `s.${quoteColumn(c)}`).join(', ')}, p.path, p.location_id, 'in_stock', ?, NULL
           FROM ${SPOOL_SCHEMA}.rows s JOIN temp.import_places p ON p.text IS s.storage_location
           WHERE s.n BETWEEN ? AND ? ORDER BY s.n RETURNING id`,
        ).pluck();
        for (let from = 1; from <= total; from += CHUNK) {
          const to = Math.min(total, from + CHUNK - 1);
          // New ids only grow (AUTOINCREMENT) in the order the SELECT hands rows over; RETURNING's own
          // order is unspecified, so they are sorted — and, with the write lock held, consecutive.
          const chunk = (items.all(actor.id, from, to) as number[]).sort((a, b) => a - b);
          const first = chunk[0]!;
          if (chunk.length !== to - from + 1 || chunk.at(-1)! - first !== chunk.length - 1) throw new AppError('unavailable', 'import.spoolShort', { written: ids.length + chunk.length, total });
          writeReceived(db, actor.id, first, chunk.at(-1)!);
          prepareCached(
            db,
            `INSERT INTO audit_log (user_id, entity_type, entity_id, action, changes)
             SELECT ?, '${INVENTORY_ENTITY}', s.n + ?, 'import', s.audit_changes FROM ${SPOOL_SCHEMA}.rows s WHERE s.n BETWEEN ? AND ? ORDER BY s.n`,
          ).run(actor.id, first - from, from, to);
          ids.push(...chunk);
          report();
        }
        for (const d of deferred) d.build();
        merging.resume();
      });
    }
    report();
    return ids;
  } finally {
    db.close();
  }
}

/**
 * FTS5 merges index segments as it writes ("automerge", and a forced "crisismerge" once a level
 * holds 16); during the commit that work is done again and again on segments the next statement
 * grows. Both are paused inside the commit (settings stored in the index's config table, so a
 * rollback restores them) and the worker merges after the answer (finishImport).
 */
function pauseMerging(db: Db): { resume(): void } {
  const fts = ftsTable('inventory_items');
  const setting = (k: string) => db.prepare(`SELECT v FROM ${fts}_config WHERE k = ?`).pluck().get(k) as number | undefined;
  const was = { automerge: setting('automerge') ?? FTS5_DEFAULTS.automerge, crisismerge: setting('crisismerge') ?? FTS5_DEFAULTS.crisismerge };
  // FTS5 refuses a bound value here ("SQL logic error"); the numbers are ours, written as literals.
  const set = (k: string, n: number) => db.exec(`INSERT INTO ${fts} (${fts}, rank) VALUES ('${k}', ${Math.trunc(Number(n))})`);
  set('automerge', 0);
  set('crisismerge', PAUSED_CRISISMERGE);
  return {
    resume: () => {
      set('automerge', was.automerge);
      set('crisismerge', was.crisismerge);
    },
  };
}

/**
 * Inserting 100 000 rows into a table with ~20 indexes writes each index a row at a time, in key
 * order of nothing: ~3 s of the commit. Building an index from rows already there sorts them once
 * (~1.5 s for all of inventory_items' at 100 000 rows). So a commit that at least doubles a table
 * (a lab's first import into an empty app, the common big one) drops the table's own indexes
 * (not the automatic ones of its constraints) and creates them again, from their stored SQL, after
 * its rows — inside the same transaction, so a failure or a killed worker leaves them as they
 * were. A smaller commit into a big table keeps them: rebuilding would sort the rows already there.
 * No trigger of these tables reads them by an index (only by id).
 */
function deferIndexes(db: Db, table: string, adding: number): { build(): void } {
  const none = { build() {} };
  if (adding < DEFER_INDEXES_MIN_ROWS) return none;
  const has = db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get() as number;
  if (adding < has) return none;
  const indexes = db
    .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid`)
    .all(table) as Array<{ name: string; sql: string }>;
  for (const i of indexes) db.exec(`DROP INDEX main.${quoteColumn(i.name)}`);
  return { build: () => indexes.forEach((i) => db.exec(i.sql)) };
}

/** The `received` movement of each new item `first`…`last` (what stock-ledger's receivedMovement writes for one). */
function writeReceived(db: Db, userId: number, first: number, last: number): void {
  prepareCached(
    db,
    `INSERT INTO stock_movements (item_id, user_id, kind, amount, delta, unit, balance_after, reason, to_location_id, to_location)
     SELECT id, ?, 'received', quantity, quantity, unit, quantity, '', location_id, NULLIF(storage_location, '')
     FROM inventory_items WHERE id BETWEEN ? AND ? ORDER BY id`,
  ).run(userId, first, last);
}

/**
 * What the commit left for after the answer, on one connection: the search index segments merged
 * (merging was paused), a few hundred pages per transaction so other writers wait at most one step,
 * done when a step changes (almost) nothing (FTS5's documented test); then the log the import wrote
 * copied into lab.db (what the commit's automatic checkpoint would have done).
 */
export function finishImport(dbPath: string): void {
  const db = openDatabase(dbPath);
  try {
    const fts = ftsTable('inventory_items');
    const step = db.prepare(`INSERT INTO ${fts} (${fts}, rank) VALUES ('merge', ${MERGE_PAGES})`);
    const changes = db.prepare('SELECT total_changes()').pluck();
    for (;;) {
      const before = changes.get() as number;
      step.run();
      if ((changes.get() as number) - before < 2) break;
    }
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
}
