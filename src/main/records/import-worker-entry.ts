// Entry of the import worker process (built to out/main/import-worker.js, forked by
// import-worker.ts): runs the one scan (import-scan.ts) or write (import-write.ts) it is sent,
// posting progress and then the result or the error, and exits.
import os from 'node:os';
import { AppError } from '../../shared/errors';
import type { ImportJob, ImportWorkerMessage } from './import-worker';
import type { ImportProgress } from '../../shared/records';

const post = (m: ImportWorkerMessage, then: () => void = () => undefined) => process.send!(m, undefined, undefined, then);

async function run(job: ImportJob): Promise<void> {
  let reply: ImportWorkerMessage;
  try {
    const progress = (p: ImportProgress) => post({ type: 'progress', progress: p });
    let value;
    if (job.kind === 'scan') {
      // Reading holds no lock: let the server and the user's other work go first. (A write keeps
      // normal priority: a niced process holding the write lock would hold up every writer.)
      try {
        os.setPriority(10);
      } catch {
        // Not permitted here: read at normal priority.
      }
      // Each job loads only what it needs: a write starts without the spreadsheet readers.
      value = await (await import('./import-scan')).scanImport(job.input, progress);
    } else value = (await import('./import-write')).writeImport(job.dbPath, job.spool, job.actor, job.total, progress);
    reply = { type: 'done', value };
  } catch (e) {
    reply = e instanceof AppError ? { type: 'error', error: e.toBody() } : { type: 'error', error: null, message: e instanceof Error ? e.message : String(e) };
  }
  post(reply, () => process.exit(0));
}

if (!process.send) throw new Error('import-worker-entry runs only as a forked child process');
process.once('message', (job: ImportJob) => void run(job));
