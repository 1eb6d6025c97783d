// The second half of a bulk import, run in the import worker (import-worker.ts): insert the rows a
// scan spooled (import-spool.child.ts), with their `received` movements and audit entries, in one
// transaction on the worker's own connection to lab.db — all or nothing — reporting rows written.
// Every row was checked and prepared by the scan, so the commit is INSERT … SELECT from the attached
// spool, CHUNK rows per statement: no JavaScript per row, and the search index's triggers write one
// segment per statement rather than one per row (records README, "Cost of writing").
import { AppError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import { openDatabase, type Db } from '../db/open';
import { INVENTORY_ENTITY } from '../records/inventory-service';
import { placeOf, type ImportPlaces } from './import-locations';
import type { ImportProgress } from '../../shared/records';
import { writeTransaction } from '../db/transaction';
import { checkpointPassive, setCacheSize, setWalAutocheckpoint } from '../db/connection';
import { dropIndexes, rowCount } from '../db/bulk-append.child';
import { attachedSpoolStore, type AttachedSpoolWrites } from '../stores/import-spool-store';
import { inventoryStore } from '../stores/inventory-store';
import { stockMovementStore } from '../stores/stock-movement-store';
import { auditStore } from '../stores/audit-store';
import { recordListStore, type RecordListWrites } from '../stores/record-list-store';
import { receiveIntoStock } from './import-receipts.child';

/** FTS5's crisismerge while a commit runs; pages per merge step after it. */
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

/** The location node of each distinct location text in the spool (as decided: import-locations.ts), as the spool's places table. */
function placeTable(db: Db, spool: AttachedSpoolWrites, places: ImportPlaces | undefined): void {
  spool.setPlaces(
    spool.locationTexts().map((text) => {
      const p = placeOf(db, String(text ?? ''), places?.[String(text ?? '')]);
      return { text, location_id: p.location_id, path: p.storage_location };
    }),
  );
}

/** What a commit wrote: the new items' ids in file order, and the items in stock rows were added to (`duplicates: 'add'`). */
export interface WriteResult {
  ids: number[];
  added: number;
  addedTo: number[];
}

/**
 * Inserts the spooled rows as `actor` in one transaction, and adds the rows meant for items in stock
 * to them (import-receipts.child.ts; their movements' reason names `fileName`).
 */
export function writeImport(dbPath: string, spool: string, actor: UserInfo, total: number, progress: (p: ImportProgress) => void, places?: ImportPlaces, fileName = ''): WriteResult {
  const db = openDatabase(dbPath);
  // The commit only appends to the write-ahead log; copying ~100 MB of it into lab.db is left to
  // finishImport() after the answer (still in this worker, never on the server's thread).
  setWalAutocheckpoint(db, 0);
  setCacheSize(db, WRITE_CACHE_KIB);
  try {
    const attached = attachedSpoolStore(db);
    let spooled: { columns: string[]; rows: number };
    try {
      attached.attach(spool);
      spooled = attached.shape();
    } catch (e) {
      throw new AppError('unavailable', 'import.spoolDamaged', { detail: e instanceof Error ? e.message : String(e) });
    }
    // The spool is ours, but a disk that lost part of it must not become a half import.
    if (spooled.rows !== total) throw new AppError('unavailable', 'import.spoolShort', { written: spooled.rows, total });
    const ids: number[] = [];
    let addedTo: number[] = [];
    const additions = attached.additions();
    const report = () => progress({ phase: 'write', rows: ids.length, total, percent: total > 0 ? Math.floor((ids.length / total) * 100) : 100 });
    if (additions.length > 0 && total === 0) writeTransaction(db, () => (addedTo = receiveIntoStock(db, additions, actor.id, fileName)));
    if (total > 0) {
      const cols = spooled.columns.filter((c) => c !== 'storage_location' && c !== 'location_id');
      const items = inventoryStore(db);
      const movements = stockMovementStore(db);
      const audit = auditStore(db);
      const index = recordListStore(db);
      writeTransaction(db, () => {
        // first, while the items' indexes are all there (a big commit drops and rebuilds them)
        addedTo = receiveIntoStock(db, additions, actor.id, fileName);
        placeTable(db, attached, places);
        const merging = pauseMerging(index);
        const deferred = APPENDED_TABLES.map((t) => deferIndexes(db, t, total));
        for (let from = 1; from <= total; from += CHUNK) {
          const to = Math.min(total, from + CHUNK - 1);
          // The ids come sorted, and with the write lock held they are consecutive.
          const chunk = items.insertSpooled(cols, actor.id, from, to);
          const first = chunk[0]!;
          if (chunk.length !== to - from + 1 || chunk.at(-1)! - first !== chunk.length - 1) throw new AppError('unavailable', 'import.spoolShort', { written: ids.length + chunk.length, total });
          // Each new item's `received` movement (what stock-ledger's receivedMovement writes for one).
          movements.insertReceivedFor(actor.id, first, chunk.at(-1)!);
          audit.insertSpooled({ userId: actor.id, entityType: INVENTORY_ENTITY, action: 'import' }, first - from, from, to);
          ids.push(...chunk);
          report();
        }
        for (const d of deferred) d.build();
        merging.resume();
      });
    }
    report();
    return { ids, added: additions.length, addedTo };
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
function pauseMerging(index: RecordListWrites): { resume(): void } {
  const was = index.mergeSettings('inventory_items');
  index.setMergeSettings('inventory_items', { automerge: 0, crisismerge: PAUSED_CRISISMERGE });
  return { resume: () => index.setMergeSettings('inventory_items', was) };
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
  if (adding < rowCount(db, table)) return none;
  return { build: dropIndexes(db, table) };
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
    const index = recordListStore(db);
    while (index.mergeStep('inventory_items', MERGE_PAGES)) {
      // One step per statement: other writers wait at most one step.
    }
    checkpointPassive(db);
  } finally {
    db.close();
  }
}
