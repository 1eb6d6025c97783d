// Browser mode: the worker is a child_process.fork of the same entry file the desktop app runs
// as a utilityProcess.
import { fork } from 'node:child_process';
import type { WorkerHandle } from './supervisor';

export function forkNodeWorker(entry: string, args: string[]): WorkerHandle {
  const child = fork(entry, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  return {
    onSpawn: (cb) => child.once('spawn', cb),
    onExit: (cb) => child.once('exit', (code) => cb(code)),
    onMessage: (cb) => child.on('message', (m) => cb(m as never)),
    send: (msg) => {
      if (child.connected) child.send(msg);
    },
    kill: () => child.kill(),
  };
}
