// The worker's side of the channel: Electron's utilityProcess gives `process.parentPort`,
// child_process.fork gives `process.send`. The worker code sees one interface.
import type { WorkerRequest, WorkerResponse } from './protocol';

interface ParentPort {
  on(event: 'message', cb: (e: { data: unknown }) => void): void;
  postMessage(msg: unknown): void;
}

export interface WorkerPort {
  send(msg: WorkerResponse): void;
  onMessage(cb: (msg: WorkerRequest) => void): void;
}

export function connectToParent(): WorkerPort {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return {
      send: (msg) => parentPort.postMessage(msg),
      onMessage: (cb) => parentPort.on('message', (e) => cb(e.data as WorkerRequest)),
    };
  }
  if (process.send) {
    return {
      send: (msg) => process.send?.(msg),
      onMessage: (cb) => process.on('message', (m) => cb(m as WorkerRequest)),
    };
  }
  throw new Error('The maintenance worker must be started by the lab app (no parent channel).');
}
