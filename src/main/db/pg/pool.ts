// A pool of connections to one PostgreSQL database, from a `postgres://` URL (the institute
// server's engine; docs/postgres.md). Each unit of work checks out one connection for its
// transaction and gives it back after COMMIT or ROLLBACK.
import { Pool } from 'pg';

export interface PgPoolOptions {
  /** Connections at most (the server's `max_connections` is shared by every process). */
  max?: number;
  /** How long a unit waits for a connection before the database counts as unavailable. */
  connectTimeoutMs?: number;
  /** Told about an idle connection the server dropped (the pool replaces it). */
  onIdleError?: (e: Error) => void;
}

/** A pool on `url` (`postgres://user@host:port/db`, or `?host=/socket/dir` for a unix socket). */
export function createPgPool(url: string, opts: PgPoolOptions = {}): Pool {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`a PostgreSQL database is named by a postgres:// URL, not "${url}"`);
  const pool = new Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000, idleTimeoutMillis: 30_000 });
  // Without a listener, an idle connection's error (the server restarted) would end the process.
  pool.on('error', (e) => opts.onIdleError?.(e));
  return pool;
}
