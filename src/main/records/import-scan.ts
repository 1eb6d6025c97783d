// The two halves of a bulk import's heavy work, both run in the import worker (import-worker.ts),
// never on the server's event loop:
// - scan: stream the uploaded file once, validate every row with the chosen mapping, count, keep
//   the first rows and errors for the preview, and spool the valid rows' values to a file, so a
//   commit with the same mapping does not read the file again;
// - write: insert the spooled rows with their audit entries in one transaction on the worker's own
//   connection (all or nothing), reporting rows written.
import fs from 'node:fs';
import { AppError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ImportPreview, ImportProgress, ImportRowError } from '../../shared/records';
import { openDatabase } from '../db/open';
import { AuditLog } from '../audit/audit-log';
import { EventBus } from '../events';
import { silentLogger } from '../logging';
import { InventoryService } from './inventory-service';
import { MAX_IMPORT_ROWS, fileError, readImportRows } from './import-parse';
import { checkMapping, checkRow, isComplete, suggestMapping, type ImportMapping } from './import-rows';

export const SAMPLE_ROWS = 10;
export const MAX_ERRORS_SHOWN = 500;
/** Progress is reported every this many rows (and at the end). */
const PROGRESS_EVERY = 2000;
const SPOOL_FLUSH_BYTES = 1024 * 1024;

export type ScanResult = Omit<ImportPreview, 'importId' | 'fileName'>;

export interface ScanInput {
  file: string;
  fileName: string;
  mapping?: ImportMapping;
  keepBadCasCheckDigits?: boolean;
  /** Where to write the valid rows (only when the mapping is complete). */
  spool: string;
}

export type Progress = (p: ImportProgress) => void;

/** Appends lines to a file in ~1 MB writes. */
class LineWriter {
  private readonly fd: number;
  private buf: string[] = [];
  private size = 0;
  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }
  line(s: string): void {
    this.buf.push(s);
    this.size += s.length + 1;
    if (this.size >= SPOOL_FLUSH_BYTES) this.flush();
  }
  flush(): void {
    if (this.buf.length) fs.writeSync(this.fd, this.buf.join('\n') + '\n');
    this.buf = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

export async function scanImport(input: ScanInput, progress: Progress): Promise<ScanResult> {
  const totalBytes = fs.statSync(input.file, { throwIfNoEntry: false })?.size;
  if (totalBytes === undefined) throw fileError('not_found', 'import.fileGone');
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let validate = false;
  let rows = 0;
  let bytes = 0;
  const sample: string[][] = [];
  const errors: ImportRowError[] = [];
  let validRows = 0;
  let badRows = 0;
  let badCheckDigitRows = 0;
  let spool: LineWriter | null = null;
  const percent = () => (totalBytes > 0 ? Math.min(100, Math.floor((bytes / totalBytes) * 100)) : 100);
  try {
    await readImportRows(input.fileName, input.file, {
      bytes: (n) => (bytes = n),
      row(cells) {
        if (!headers) {
          headers = cells.map((h) => h.trim());
          mapping = input.mapping ?? suggestMapping(headers);
          validate = isComplete(mapping);
          if (validate) {
            checkMapping(headers, mapping);
            spool = new LineWriter(input.spool);
          }
          return;
        }
        rows++;
        if (rows > MAX_IMPORT_ROWS) throw fileError('too_large', 'import.tooManyRowsStop', { max: MAX_IMPORT_ROWS });
        if (sample.length < SAMPLE_ROWS) sample.push(cells);
        if (validate) {
          const r = checkRow(headers, cells, rows + 1, mapping, input.keepBadCasCheckDigits);
          if (r.badCheckDigit) badCheckDigitRows++;
          if (r.ok) {
            validRows++;
            if (validRows === 1) spool!.line(JSON.stringify(Object.keys(r.values)));
            spool!.line(JSON.stringify(Object.values(r.values)));
          } else {
            badRows++;
            for (const e of r.errors) if (errors.length < MAX_ERRORS_SHOWN) errors.push(e);
          }
        }
        if (rows % PROGRESS_EVERY === 0) progress({ phase: 'parse', rows, total: null, percent: percent() });
      },
    });
  } finally {
    (spool as LineWriter | null)?.close();
  }
  if (!headers) throw fileError('validation', 'import.empty');
  progress({ phase: 'parse', rows, total: null, percent: 100 });
  return { headers, sample, totalRows: rows, mapping, validRows, errors, badRows, badCheckDigitRows };
}

/** The spooled rows: the column names line, then one JSON array of values per line. */
function* spoolRows(file: string): Generator<Record<string, string | number>> {
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
export function writeImport(dbPath: string, spool: string, actor: UserInfo, total: number, progress: Progress): number[] {
  const db = openDatabase(dbPath);
  try {
    const inventory = new InventoryService({ db, audit: new AuditLog(db), hooks: NO_HOOKS, events: new EventBus(), log: silentLogger() });
    const ids: number[] = [];
    const report = () => progress({ phase: 'write', rows: ids.length, total, percent: total > 0 ? Math.floor((ids.length / total) * 100) : 100 });
    db.transaction(() => {
      for (const values of spoolRows(spool)) {
        ids.push(inventory.insert(values, actor, { action: 'import' }));
        if (ids.length % PROGRESS_EVERY === 0) report();
      }
      // The spool is ours, but a disk that lost part of it must not become a half import.
      if (ids.length !== total) throw new AppError('unavailable', 'import.spoolShort', { written: ids.length, total });
    }).immediate();
    report();
    return ids;
  } finally {
    db.close();
  }
}
