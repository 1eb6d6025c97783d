// The app log's file destination. A log that cannot be written (disk full, directory gone or
// read-only) must never end the app: a failed rotating stream is dropped, lines meanwhile are
// counted and dropped, and a new stream is tried again after a pause; the first line it writes
// says how many were lost.
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
  let failedAt = 0;
  let lastError = '';

  const open = (): RotatingFileStream => {
    const s = createStream(name, { path: dir, size: '5M', maxFiles: 5 });
    s.on('error', (e: Error) => {
      if (stream !== s) return;
      stream = null;
      failedAt = Date.now();
      lastError = (e as NodeJS.ErrnoException).code ?? e.message;
      opts.onFailure?.(e);
      s.destroy();
    });
    return s;
  };

  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      if (!stream) {
        if (Date.now() - failedAt < (opts.retryMs ?? RETRY_MS)) return void dropped++;
        stream = open();
        if (dropped) {
          stream.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `log file could not be written (${lastError}); ${dropped} log lines were dropped` })}\n`);
          dropped = 0;
        }
      }
      stream.write(line);
    },
  };
}
