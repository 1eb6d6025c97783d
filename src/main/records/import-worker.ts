// Starts one import job (scan: import-scan.ts, write: import-write.ts) in a worker thread with its own SQLite
// connection, so parsing 100 000 rows and the write transaction never hold up the server's event
// loop. The built app starts out/main/import-worker.js beside the main bundles; tests and benches
// that run from source set LAB_IMPORT_WORKER to a bundle of the entry (test/support/db-worker-bundle.ts).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError, type ApiErrorBody } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ImportProgress } from '../../shared/records';
import type { ScanInput, ScanResult } from './import-scan';

export type ImportJob = { kind: 'scan'; input: ScanInput } | { kind: 'write'; dbPath: string; spool: string; actor: UserInfo; total: number };

export type ImportWorkerMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; value: ScanResult | number[] }
  | { type: 'error'; error: ApiErrorBody | null; message?: string };

/** out/main/import-worker.js; this module may be bundled into out/main/chunks/, one folder below it. */
export function importWorkerEntry(): string {
  const dir = path.basename(__dirname) === 'chunks' ? path.dirname(__dirname) : __dirname;
  return process.env.LAB_IMPORT_WORKER || path.join(dir, 'import-worker.js');
}

export interface RunningJob<T> {
  result: Promise<T>;
  /** Stops the worker; an unfinished write transaction is rolled back with its connection. */
  stop(): void;
}

export function startImportJob(job: Extract<ImportJob, { kind: 'scan' }>, onProgress: (p: ImportProgress) => void): RunningJob<ScanResult>;
export function startImportJob(job: Extract<ImportJob, { kind: 'write' }>, onProgress: (p: ImportProgress) => void): RunningJob<number[]>;
export function startImportJob(job: ImportJob, onProgress: (p: ImportProgress) => void): RunningJob<ScanResult | number[]> {
  const w = new Worker(importWorkerEntry(), { workerData: job });
  const result = new Promise<ScanResult | number[]>((resolve, reject) => {
    let settled = false;
    w.on('message', (m: ImportWorkerMessage) => {
      if (m.type === 'progress') return onProgress(m.progress);
      settled = true;
      if (m.type === 'done') resolve(m.value);
      else if (m.error) reject(AppError.of(m.error.code, m.error, { fields: m.error.fields, details: m.error.details }));
      else reject(new AppError('unavailable', 'import.failed', { detail: m.message ?? '' }));
    });
    w.once('error', (e) => {
      if (!settled) reject(new AppError('unavailable', 'import.failed', { detail: e.message }));
      settled = true;
    });
    w.once('exit', (code) => {
      if (!settled) reject(new AppError('unavailable', 'import.workerStopped', { code }));
      settled = true;
    });
  });
  return { result, stop: () => void w.terminate() };
}
