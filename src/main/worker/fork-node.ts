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

export function forkNodeWorker(entry: string, args: string[], onOutput?: (line: string, stream: 'stdout' | 'stderr') => void, execArgv?: readonly string[]): WorkerHandle {
  const child = fork(entry, args, { execArgv: execArgv && [...process.execArgv, ...execArgv], stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' });
  forwardLines(child.stdout, (l) => onOutput?.(l, 'stdout'));
  forwardLines(child.stderr, (l) => onOutput?.(l, 'stderr'));
  // A worker killed between our check of `connected` and the write makes the IPC write fail with
  // EPIPE, emitted as 'error' on the child: without a listener that would end the app. The exit
  // that follows is what the supervisor acts on; the send error only fails that one request.
  child.on('error', (e) => onOutput?.(`worker channel error: ${e.message}`, 'stderr'));
  return {
    onSpawn: (cb) => child.once('spawn', cb),
    onExit: (cb) => child.once('exit', (code) => cb(code)),
    onMessage: (cb) => child.on('message', (m) => cb(m as never)),
    send: (msg, onError) => {
      if (!child.connected) return void onError?.(new Error('worker channel closed'));
      try {
        child.send(msg, (e) => {
          if (e) onError?.(e);
        });
      } catch (e) {
        onError?.(e as Error);
      }
    },
    kill: () => child.kill(),
  };
}
