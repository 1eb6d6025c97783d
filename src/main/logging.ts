// Rotated logs in <data-dir>/logs (pino over rotating-file-stream). Secrets are redacted by path;
// batches and passwords are never logged at info level.
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createLogFile } from './log-file';

export type { Logger };

export function createLogger(dataDir: string, opts: { name?: string; stdout?: boolean; level?: string } = {}): Logger {
  const file = createLogFile(path.join(dataDir, 'logs'), `${opts.name ?? 'app'}.log`, {
    onFailure: (e) => process.stderr.write(`Lab Desktop: the log file cannot be written (${e.message}); log lines are dropped until it can.\n`),
  });
  const streams: pino.StreamEntry[] = [{ stream: file }];
  if (opts.stdout) streams.push({ stream: process.stdout, level: 'warn' });
  return pino(
    {
      level: opts.level ?? process.env.LAB_LOG_LEVEL ?? 'info',
      redact: { paths: ['password', '*.password', 'headers.cookie', 'cookie', 'token', '*.token'], censor: '[redacted]' },
    },
    pino.multistream(streams),
  );
}

/** A logger that writes nowhere; for unit tests of services that only need the interface. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
