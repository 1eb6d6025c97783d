// Desktop mode: the maintenance worker runs as an Electron utilityProcess.
import path from 'node:path';
import { utilityProcess } from 'electron';
import type { WorkerHandle } from '../worker/supervisor';

export function forkUtilityWorker(dataDir: string): WorkerHandle {
  const child = utilityProcess.fork(path.join(__dirname, 'maintenance-worker.js'), ['--data-dir', dataDir], { serviceName: 'Lab completion maintenance', stdio: 'inherit' });
  return {
    onSpawn: (cb) => child.once('spawn', cb),
    onExit: (cb) => child.once('exit', (code) => cb(code)),
    onMessage: (cb) => child.on('message', (m) => cb(m as never)),
    send: (msg) => child.postMessage(msg),
    kill: () => void child.kill(),
  };
}
