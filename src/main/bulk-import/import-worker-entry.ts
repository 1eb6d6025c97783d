// Entry of the import worker process (built to out/main/import-worker.js, forked by
// import-worker.ts): runs the one scan (import-scan.child.ts), write (import-write.child.ts) or list export
// (list-export/export.child.ts) it is sent, posting progress and then the result or the error, and exits.
import { AppError } from '../../shared/errors';
import type { ImportJob, ImportWorkerMessage } from './import-worker';
import type { ImportProgress } from '../../shared/records';

const post = (m: ImportWorkerMessage, then: () => void = () => undefined) => process.send!(m, undefined, undefined, then);

async function run(job: ImportJob): Promise<void> {
  let reply: ImportWorkerMessage;
  try {
    const progress = (p: ImportProgress) => post({ type: 'progress', progress: p });
    let value;
    // Each job loads only what it needs: a write starts without the spreadsheet readers.
    if (job.kind === 'scan') {
      value = await (await import('./import-scan.child')).scanImport(job.input, progress);
    } else if (job.kind === 'export') {
      value = await (await import('../list-export/export.child')).exportSnapshot(job.dbPath, job.file, job.input, job.part, (total) => post({ type: 'snapshot', total }));
    } else value = (await import('./import-write.child')).writeImport(job.dbPath, job.spool, job.actor, job.total, progress, job.places, job.fileName);
    reply = { type: 'done', value };
  } catch (e) {
    reply = e instanceof AppError ? { type: 'error', error: e.toBody() } : { type: 'error', error: null, message: e instanceof Error ? e.message : String(e) };
  }
  const write = job.kind === 'write' ? job : null;
  post(reply, () => {
    // The rows are committed and the server has its answer; now merge the search index segments
    // the commit left and fold the log into lab.db, here.
    if (write) {
      void import('./import-write.child')
        .then((w) => w.finishImport(write.dbPath))
        .catch(() => undefined)
        .finally(() => process.exit(0));
    } else process.exit(0);
  });
}

if (!process.send) throw new Error('import-worker-entry runs only as a forked child process');
process.once('message', (job: ImportJob) => void run(job));
