// Entry of the import worker thread (built to out/main/import-worker.js): runs one scan (import-scan.ts)
// or write (import-write.ts) named in its workerData, posting progress and then the result or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../shared/errors';
import type { ImportJob, ImportWorkerMessage } from './import-worker';
import type { ImportProgress } from '../../shared/records';

const post = (m: ImportWorkerMessage) => parentPort!.postMessage(m);

async function run(job: ImportJob): Promise<void> {
  try {
    const progress = (p: ImportProgress) => post({ type: 'progress', progress: p });
    // Each job loads only what it needs: a write starts without the spreadsheet readers.
    const value = job.kind === 'scan' ? await (await import('./import-scan')).scanImport(job.input, progress) : (await import('./import-write')).writeImport(job.dbPath, job.spool, job.actor, job.total, progress);
    post({ type: 'done', value });
  } catch (e) {
    if (e instanceof AppError) post({ type: 'error', error: e.toBody() });
    else post({ type: 'error', error: null, message: e instanceof Error ? e.message : String(e) });
  }
}

if (!parentPort) throw new Error('import-worker-entry runs only as a worker thread');
void run(workerData as ImportJob);
