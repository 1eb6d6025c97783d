// The one error of a PostgreSQL server that cannot be reached: the connection refused, dropped or
// terminated (mid-transaction too). The unit's transaction died with its connection, so nothing of
// it was written; the request answers 503 (`unavailable`) and the next one gets a fresh connection.
import { AppError } from '../../../shared/errors';

export class DatabaseUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('unavailable', 'api.databaseUnavailable');
    this.name = 'DatabaseUnavailableError';
    this.cause = cause;
  }
}

// Node's socket errors when the server is gone or unreachable.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT']);
// SQLSTATE: the server shut the connection (admin_shutdown is pg_terminate_backend), is crashing,
// or is not accepting connections yet. Class 08 is "connection exception".
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
// What node-postgres says when the socket closed under it, or no connection came in time.
const DRIVER_MESSAGES = /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/;

/** Whether `e` says the connection to the server is gone (rather than a statement failing). */
export function isConnectionLoss(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
  return DRIVER_MESSAGES.test(e.message);
}

/** `e` as the error a caller should see: a lost connection becomes DatabaseUnavailableError. */
export function unavailableOr(e: unknown): unknown {
  return !(e instanceof DatabaseUnavailableError) && isConnectionLoss(e) ? new DatabaseUnavailableError(e) : e;
}
