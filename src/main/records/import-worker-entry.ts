// Entry of the import worker thread (built to out/main/import-worker.js): runs one scan or write
// (import-scan.ts) named in its workerData, posting progress and then the result or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../shared/errors';
import { scanImport, writeImport } from './import-scan';
import type { ImportJob, ImportWorkerMessage } from './import-worker';

const post = (m: ImportWorkerMessage) => parentPort!.postMessage(m);

async function run(job: ImportJob): Promise<void> {
  try {
    const value = job.kind === 'scan' ? await scanImport(job.input, (p) => post({ type: 'progress', progress: p })) : writeImport(job.dbPath, job.spool, job.actor, job.total, (p) => post({ type: 'progress', progress: p }));
    post({ type: 'done', value });
  } catch (e) {
    if (e instanceof AppError) post({ type: 'error', error: e.toBody() });
    else post({ type: 'error', error: null, message: e instanceof Error ? e.message : String(e) });
  }
}

if (!parentPort) throw new Error('import-worker-entry runs only as a worker thread');
void run(workerData as ImportJob);
