// Messages between the main process and the maintenance worker (utilityProcess / child_process).
import type { RebuildAttempt, RetryItem } from '../completion/maintenance.child';
import type { ListEndpoint } from '../../shared/records';

export type WorkerRequest = { id?: number } & (
  | { type: 'health' }
  | { type: 'shutdown' }
  /** A completion write that failed twice inside a request: the worker retries it (3 s lock wait). */
  | { type: 'retry'; item: RetryItem }
  /** Rebuild now (all endpoints or the given ones); `force` rebuilds even a fresh endpoint. */
  | { type: 'rebuild'; endpoints?: ListEndpoint[]; force?: boolean }
  /** One maintenance round now (tests and diagnostics; the worker also runs one every 5 s). */
  | { type: 'tick' }
);

export type WorkerResponse =
  | { type: 'health'; id?: number; pid: number; uptimeMs: number }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; data?: Record<string, unknown> }
  | { type: 'error'; id?: number; message: string }
  | { type: 'ack'; id?: number }
  | { type: 'rebuild'; id?: number; results: RebuildAttempt[] }
  | { type: 'progress'; endpoint: ListEndpoint; rows: number }
  /** completion.db is damaged: the worker has stopped its work; the app recovers the file and starts a new worker. */
  | { type: 'completionDamaged'; error: string };
