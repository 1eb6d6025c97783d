// The app log's file destination. A log that cannot be written (disk full, directory gone or
// read-only) must never end the app: a failed rotating stream is dropped, lines meanwhile are
// counted and dropped, and a timer tries a new stream after a pause (whether or not anything is
// logged then); its first line says how many lines were lost.
import { createStream, type RotatingFileStream } from 'rotating-file-stream';

const RETRY_MS = 5000;

export interface LogFile {
  write(line: string): void;
  /** Lines dropped since the file last failed (0 while it works). */
  readonly dropped: number;
}

export function createLogFile(dir: string, name: string, opts: { retryMs?: number; onFailure?: (e: Error) => void } = {}): LogFile {
  let stream: RotatingFileStream | null = null;
  let dropped = 0;
  let lastError = '';

  const open = (): RotatingFileStream => {
    const s = createStream(name, { path: dir, size: '5M', maxFiles: 5 });
    s.on('error', (e: Error) => {
      if (stream !== s) return;
      stream = null;
      lastError = (e as NodeJS.ErrnoException).code ?? e.message;
      opts.onFailure?.(e);
      s.destroy();
      // Unref'd: a pending retry never keeps the process alive.
      setTimeout(recover, opts.retryMs ?? RETRY_MS).unref();
    });
    return s;
  };

  /** A new stream whose first line tells what was lost; if it fails too, its error retries again. */
  const recover = () => {
    if (stream) return;
    stream = open();
    stream.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `log file could not be written (${lastError}); ${dropped} log lines were dropped` })}\n`);
    dropped = 0;
  };

  let started = false;
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      // Opened with the first line, so a data directory that is only probed gets no log file.
      if (!started) {
        started = true;
        stream = open();
      }
      if (stream) stream.write(line);
      else dropped++;
    },
  };
}
