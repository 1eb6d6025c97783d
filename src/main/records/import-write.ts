// The second half of a bulk import, run in the import worker (import-worker.ts): insert the rows a
// scan spooled (import-scan.ts), with their audit entries, in one transaction on the worker's own
// connection to lab.db — all or nothing — reporting rows written.
import fs from 'node:fs';
import { AppError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import { openDatabase } from '../db/open';
import { AuditLog } from '../audit/audit-log';
import { EventBus } from '../events';
import { silentLogger } from '../logging';
import { InventoryService, type InventoryRow } from './inventory-service';
import { locationByText, type ResolvedLocation } from './location-tree';
import type { ImportProgress } from '../../shared/records';

/** Rows per insert statement and between progress reports (as the scan's). */
const PROGRESS_EVERY = 2000;

/** The spooled rows: the column names line, then one JSON array of values per line. */
function* spoolRows(file: string): Generator<InventoryRow> {
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    let rest = '';
    let cols: string[] | null = null;
    const dec = new TextDecoder('utf-8');
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      const text = rest + dec.decode(chunk.subarray(0, n), { stream: n > 0 });
      const lines = text.split('\n');
      rest = n > 0 ? lines.pop()! : '';
      for (const line of lines) {
        if (!line) continue;
        const arr = JSON.parse(line) as Array<string | number>;
        if (!cols) cols = arr as string[];
        else yield Object.fromEntries(cols.map((c, i) => [c, arr[i]!]));
      }
      if (n === 0) return;
    }
  } finally {
    fs.closeSync(fd);
  }
}

const NO_HOOKS = { entityChanged() {}, bulkChanged() {}, searchSubmitted() {} };

/** Inserts the spooled rows as `actor` in one transaction; returns the new ids in file order. */
export function writeImport(dbPath: string, spool: string, actor: UserInfo, total: number, progress: (p: ImportProgress) => void): number[] {
  const db = openDatabase(dbPath);
  // The commit only appends to the write-ahead log; copying ~100 MB of it into lab.db is left to
  // foldLog() after the answer (still in this worker, never on the server's thread).
  db.pragma('wal_autocheckpoint = 0');
  try {
    const inventory = new InventoryService({ db, audit: new AuditLog(db), hooks: NO_HOOKS, events: new EventBus(), log: silentLogger() });
    const ids: number[] = [];
    const report = () => progress({ phase: 'write', rows: ids.length, total, percent: total > 0 ? Math.floor((ids.length / total) * 100) : 100 });
    db.transaction(() => {
      // Rows go in PROGRESS_EVERY at a time, one INSERT … SELECT each (see bulk-insert.ts).
      let batch: Array<InventoryRow> = [];
      const flush = () => {
        if (!batch.length) return;
        for (const id of inventory.insertBatch(batch, actor, 'import')) ids.push(id);
        batch = [];
        report();
      };
      // A location's text is a node of the tree (made when missing), found once per distinct text.
      const places = new Map<string, ResolvedLocation>();
      const place = (text: string) => {
        let p = places.get(text);
        if (!p) places.set(text, (p = locationByText(db, text)));
        return p;
      };
      for (const values of spoolRows(spool)) {
        batch.push({ ...values, ...place(String(values.storage_location ?? '')) });
        if (batch.length === PROGRESS_EVERY) flush();
      }
      flush();
      // The spool is ours, but a disk that lost part of it must not become a half import.
      if (ids.length !== total) throw new AppError('unavailable', 'import.spoolShort', { written: ids.length, total });
    }).immediate();
    report();
    return ids;
  } finally {
    db.close();
  }
}

/** Copies the log the import wrote into lab.db (what the commit's automatic checkpoint would have done). */
export function foldLog(dbPath: string): void {
  const db = openDatabase(dbPath);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
}
