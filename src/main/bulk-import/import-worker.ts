// Runs one import job (scan: import-scan.child.ts, write: import-write.child.ts) or one list export (list-export/export.child.ts)
// in a child process with its own SQLite connection, so reading 100 000 rows, the write transaction
// and the export's file writing never hold up the server's event loop, and the memory they use goes
// back to the system when the child exits (a worker thread's heap and allocator arenas stay in the
// server process). The built app forks
// out/main/import-worker.js beside the main bundles (Electron's binary runs it as plain Node with
// ELECTRON_RUN_AS_NODE, as the backup's file worker); tests and benches that run from source set
// LAB_IMPORT_WORKER to a bundle of the entry (test/support/db-worker-bundle.ts).
import path from 'node:path';
import { fork, type ChildProcess, type StdioOptions } from 'node:child_process';
import { AppError, type ApiErrorBody } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ImportProgress } from '../../shared/records';
import type { ScanInput, ScanResult } from './import-scan.child';
import { fileError } from './import-errors';
import type { ExportInput, ExportPart } from '../list-export/export-file';
import type { ImportPlaces } from './import-locations';
import type { WriteResult } from './import-write.child';

export type ImportJob =
  | { kind: 'scan'; input: ScanInput }
  /** `places`: where each location text goes (import-locations.ts); a text not in it is placed by its path. */
  | { kind: 'write'; dbPath: string; spool: string; actor: UserInfo; total: number; places?: ImportPlaces; fileName?: string }
  /** Writes the list view (or a `part` of a CSV) into `file` from one snapshot of lab.db; the value is the view's row count. */
  | { kind: 'export'; dbPath: string; file: string; input: ExportInput; part?: ExportPart };

export type ImportWorkerMessage =
  | { type: 'progress'; progress: ImportProgress }
  /** An export's snapshot is taken (its ids are read): the view's row count. */
  | { type: 'snapshot'; total: number }
  | { type: 'done'; value: ScanResult | WriteResult | number }
  | { type: 'error'; error: ApiErrorBody | null; message?: string };

/**
 * The worker's heap limit: 100 000 ordinary rows need far less, and a hostile file (an XLSX whose
 * few kilobytes inflate to gigabytes of text) ends the worker instead of filling the machine.
 */
const WORKER_HEAP_MB = 256;

/** out/main/import-worker.js; this module may be bundled into out/main/chunks/, one folder below it. */
export function importWorkerEntry(): string {
  const dir = path.basename(__dirname) === 'chunks' ? path.dirname(__dirname) : __dirname;
  return process.env.LAB_IMPORT_WORKER || path.join(dir, 'import-worker.js');
}

/**
 * Forks the worker as every job runs it (heap cap, plain Node under Electron). Its output goes to
 * the server's by default; a test passes pipes to read what the child printed.
 */
export function forkImportWorker(stdio: StdioOptions = ['ignore', 'inherit', 'inherit', 'ipc']): ChildProcess {
  return fork(importWorkerEntry(), [], {
    stdio,
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${WORKER_HEAP_MB}`],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
}

export interface RunningJob<T> {
  result: Promise<T>;
  /** Ends the worker; an unfinished write transaction is never committed (SQLite drops it). */
  stop(): void;
}

export function startImportJob(job: Extract<ImportJob, { kind: 'scan' }>, onProgress: (p: ImportProgress) => void): RunningJob<ScanResult>;
export function startImportJob(job: Extract<ImportJob, { kind: 'write' }>, onProgress: (p: ImportProgress) => void): RunningJob<WriteResult>;
export function startImportJob(job: Extract<ImportJob, { kind: 'export' }>, onProgress: (p: ImportProgress) => void, onSnapshot?: (total: number) => void): RunningJob<number>;
export function startImportJob(job: ImportJob, onProgress: (p: ImportProgress) => void, onSnapshot?: (total: number) => void): RunningJob<ScanResult | WriteResult | number> {
  const exporting = job.kind === 'export';
  const failed = (detail: string) => (exporting ? new AppError('unavailable', 'records.exportFailed', { detail }) : new AppError('unavailable', 'import.failed', { detail }));
  const child = forkImportWorker();
  const result = new Promise<ScanResult | WriteResult | number>((resolve, reject) => {
    let settled = false;
    child.on('message', (m: ImportWorkerMessage) => {
      if (m.type === 'progress') return onProgress(m.progress);
      if (m.type === 'snapshot') return onSnapshot?.(m.total);
      settled = true;
      if (m.type === 'done') resolve(m.value);
      else if (m.error) reject(AppError.of(m.error.code, m.error, { fields: m.error.fields, details: m.error.details }));
      else reject(failed(m.message ?? ''));
    });
    child.once('error', (e) => {
      if (!settled) reject(failed(e.message));
      settled = true;
    });
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      if (exporting) reject(failed(signal ?? `code ${code}`));
      // V8 aborts the process when the heap limit is reached.
      else if (signal === 'SIGABRT' || code === 134) reject(fileError('too_large', 'import.outOfMemory'));
      else reject(new AppError('unavailable', 'import.workerStopped', { code: code ?? signal ?? '' }));
    });
  });
  child.send(job);
  return { result, stop: () => void child.kill('SIGKILL') };
}
