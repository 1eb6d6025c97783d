// Browser mode: the worker is a child_process.fork of the same entry file the desktop app runs
// as a utilityProcess.
import { fork } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { WorkerHandle } from './supervisor';

/** Forwards a child's output line by line (into the app log, via the supervisor). */
export function forwardLines(stream: NodeJS.ReadableStream | Readable | null | undefined, onLine: (line: string) => void): void {
  if (!stream) return;
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (d: string) => {
    buf += d;
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).trimEnd();
      buf = buf.slice(i + 1);
      if (line) onLine(line);
    }
  });
}

export function forkNodeWorker(entry: string, args: string[], onOutput?: (line: string, stream: 'stdout' | 'stderr') => void): WorkerHandle {
  const child = fork(entry, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' });
  forwardLines(child.stdout, (l) => onOutput?.(l, 'stdout'));
  forwardLines(child.stderr, (l) => onOutput?.(l, 'stderr'));
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
