// The list export, server side: checks the view, names the file in the exports directory, sweeps
// files nobody fetched, and has the import worker's child process (import-worker.ts) write the file
// (export.ts, `exportSnapshot`), so reading and formatting 100 000 rows never holds up the server's
// event loop and what they allocate goes back to the system when the child exits. The transport
// then hands the file on (HTTP: the response body; desktop: the downloads folder).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError, fieldError } from '../../shared/errors';
import { LISTS } from '../../shared/records';
import { fileStamp, XLSX_MIME, type ExportFile, type ExportInput } from './export';
import { startImportJob } from './import-worker';

/** An export file nobody fetched (a dropped connection, a crash) is removed after this long. */
const STALE_MS = 3600_000;

/** Refuses a field, status or sort the list does not have (before anything is forked or written). */
function checkView(input: ExportInput): void {
  const list = LISTS[input.endpoint];
  const fields: string[] = ['all', ...list.indexed];
  if (!fields.includes(input.field)) throw new AppError('validation', 'records.searchField', { values: fields }, { fields: fieldError('field', 'field.oneOf', { values: fields }) });
  const statuses: readonly string[] = list.statuses;
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
    const rows = await startImportJob({ kind: 'export', dbPath, file, input }, () => undefined).result;
    const mime = input.format === 'csv' ? `text/csv;charset=${input.encoding}` : XLSX_MIME;
    return { fileName, mime, rows, path: file };
  } catch (e) {
    // The child may have died with the file open: its part is removed here.
    fs.rmSync(file, { force: true });
    throw e;
  }
}
