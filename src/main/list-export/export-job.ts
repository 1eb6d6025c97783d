// The list export, server side: checks the view, names the file in the exports directory, sweeps
// files nobody fetched, and has the import worker's child process (bulk-import/import-worker.ts) write the file
// (export.child.ts, `exportSnapshot`), so reading and formatting 100 000 rows never holds up the server's
// event loop and what they allocate goes back to the system when the child exits. The transport
// then hands the file on (HTTP: the response body; desktop: the downloads folder).
// A CSV is written by two children, a half each (reading and formatting 100 000 rows is about a
// second of one core; the lab computer has two or more), from one snapshot of lab.db: each child
// reads on its own connection, so a third connection's `PRAGMA data_version` (it changes whenever
// another connection commits) is read before either child starts and again once both have taken
// their snapshot. Unchanged, no commit came between and the two halves are one snapshot; changed,
// both are stopped and one child writes the whole file (never a file of two moments).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../db/open';
import { dataVersion } from '../db/connection';
import { AppError, fieldError } from '../../shared/errors';
import { LISTS, statusFilterValues } from '../../shared/records';
import { fileStamp, XLSX_MIME, type ExportFile, type ExportInput } from './export-file';
import { startImportJob, type RunningJob } from '../bulk-import/import-worker';

/** An export file nobody fetched (a dropped connection, a crash) is removed after this long. */
const STALE_MS = 3600_000;

/** Refuses a field, status or sort the list does not have (before anything is forked or written). */
function checkView(input: ExportInput): void {
  const list = LISTS[input.endpoint];
  const fields: string[] = ['all', ...list.indexed];
  if (!fields.includes(input.field)) throw new AppError('validation', 'records.searchField', { values: fields }, { fields: fieldError('field', 'field.oneOf', { values: fields }) });
  const statuses = statusFilterValues(input.endpoint);
  if (input.status && !statuses.includes(input.status)) throw new AppError('validation', 'records.statusFilter', { values: [...statuses] }, { fields: fieldError('status', 'field.oneOf', { values: [...statuses] }) });
  const sortKey = input.sort.replace(/^-/, '');
  if (input.sort && !(list.sortable as readonly string[]).includes(sortKey)) throw new AppError('validation', 'records.notSortable', {}, { fields: fieldError('sort', 'field.notSortable') });
}

/** Removes export files left behind longer than STALE_MS (never the ones being written or sent). */
function sweep(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const f = path.join(dir, name);
    try {
      if (Date.now() - fs.statSync(f).mtimeMs > STALE_MS) fs.rmSync(f, { force: true });
    } catch {
      // Gone meanwhile: nothing to sweep.
    }
  }
}

/**
 * Writes the export of the list at `dbPath` into a new file in `dir` and answers where it is. A
 * failed or killed child leaves no file behind and rejects with `records.exportFailed` (or the
 * child's own error). The caller owns the file: the transports move or delete it once delivered.
 */
export async function exportList(dbPath: string, dir: string, input: ExportInput): Promise<ExportFile> {
  checkView(input);
  // Local time in the file name too (inventory-2026-11-23-1836-59.csv): the user reads it.
  const now = new Date();
  const stamp = `${fileStamp(now)}-${String(now.getSeconds()).padStart(2, '0')}`;
  const fileName = `${input.endpoint.replace(/\//g, '')}-${stamp}.${input.format}`;
  fs.mkdirSync(dir, { recursive: true });
  sweep(dir);
  const file = path.join(dir, `${crypto.randomUUID()}.${input.format}`);
  try {
    const rows = input.format === 'csv' && os.availableParallelism() > 1 ? await exportInHalves(dbPath, file, input) : await startImportJob({ kind: 'export', dbPath, file, input }, () => undefined).result;
    const mime = input.format === 'csv' ? `text/csv;charset=${input.encoding}` : XLSX_MIME;
    return { fileName, mime, rows, path: file };
  } catch (e) {
    // The child may have died with the file open: its part is removed here.
    fs.rmSync(file, { force: true });
    throw e;
  }
}

/** The CSV export of `input` into `file` by two children (see the top of the file); the row count. */
async function exportInHalves(dbPath: string, file: string, input: ExportInput): Promise<number> {
  const probe = openDatabase(dbPath, { readonly: true });
  const second = `${file}.2`;
  try {
    const before = dataVersion(probe);
    const totals: number[] = [];
    let mixed = false;
    const jobs: RunningJob<number>[] = [];
    const onSnapshot = (total: number) => {
      totals.push(total);
      if (totals.length < 2) return;
      mixed = totals[0] !== totals[1] || dataVersion(probe) !== before;
      if (mixed) for (const j of jobs) j.stop();
    };
    for (const [index, f] of [file, second].entries()) jobs.push(startImportJob({ kind: 'export', dbPath, file: f, input, part: { index, of: 2 } }, () => undefined, onSnapshot));
    let rows: number;
    try {
      rows = (await Promise.all(jobs.map((j) => j.result)))[0]!;
    } catch (e) {
      for (const j of jobs) j.stop();
      // Both gone before their files are removed or written again.
      await Promise.allSettled(jobs.map((j) => j.result));
      if (!mixed) throw e;
      // A commit came between the two snapshots: one child, one snapshot.
      fs.rmSync(file, { force: true });
      return await startImportJob({ kind: 'export', dbPath, file, input }, () => undefined).result;
    }
    await pipeline(fs.createReadStream(second, { highWaterMark: 1 << 20 }), fs.createWriteStream(file, { flags: 'a' }));
    return rows;
  } finally {
    fs.rmSync(second, { force: true });
    probe.close();
  }
}
