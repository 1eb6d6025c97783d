// Connections to completion.db with the lock waits spec 000 gives each kind of work, and the test
// for "the database is unavailable" (locked beyond the wait, missing, corrupt).
import path from 'node:path';
import { openDatabase, type Db } from '../db/open';
import { COMPLETION_DB, LAB_DB } from '../db/databases';

/** Read connection lock wait and the wait of each auxiliary write inside a request. */
export const REQUEST_LOCK_WAIT_MS = 100;
/** Lock wait of background maintenance (worker). */
export const BACKGROUND_LOCK_WAIT_MS = 3000;

export function completionPath(dataDir: string): string {
  return path.join(dataDir, COMPLETION_DB);
}

export function labPath(dataDir: string): string {
  return path.join(dataDir, LAB_DB);
}

export function openCompletionRead(dataDir: string): Db {
  return openDatabase(completionPath(dataDir), { readonly: true, busyTimeoutMs: REQUEST_LOCK_WAIT_MS });
}

export function openCompletionWrite(dataDir: string, busyTimeoutMs: number): Db {
  return openDatabase(completionPath(dataDir), { busyTimeoutMs });
}

const UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_ERROR', 'SQLITE_PROTOCOL']);

/** SQLite failures that mean "completion.db cannot be used right now" rather than a bug. */
export function isUnavailable(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  if (typeof code !== 'string') return false;
  return UNAVAILABLE.has(code) || [...UNAVAILABLE].some((c) => code.startsWith(`${c}_`));
}

export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

