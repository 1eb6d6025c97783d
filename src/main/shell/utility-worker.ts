// Desktop mode: the maintenance worker runs as an Electron utilityProcess. No V8 flags: a utility
// process creates its V8 isolate before it reads execArgv (Electron's shell/services/node/
// node_service.cc), so they would only show in process.execArgv (src/main/worker/process-flags.ts).
import path from 'node:path';
import { utilityProcess } from 'electron';
import type { WorkerHandle } from '../worker/supervisor';
import { forwardLines } from '../worker/fork-node';

export function forkUtilityWorker(dataDir: string, onOutput: (line: string, stream: 'stdout' | 'stderr') => void): WorkerHandle {
  const child = utilityProcess.fork(path.join(__dirname, 'maintenance-worker.js'), ['--data-dir', dataDir], { serviceName: 'Lab completion maintenance', stdio: 'pipe' });
  forwardLines(child.stdout, (l) => onOutput(l, 'stdout'));
  forwardLines(child.stderr, (l) => onOutput(l, 'stderr'));
  return {
    onSpawn: (cb) => child.once('spawn', cb),
    onExit: (cb) => child.once('exit', (code) => cb(code)),
    onMessage: (cb) => child.on('message', (m) => cb(m as never)),
    send: (msg) => child.postMessage(msg),
    kill: () => void child.kill(),
  };
}
