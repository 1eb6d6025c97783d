// Prepared statements kept per connection. better-sqlite3 compiles on every prepare(); a write path
// that prepares per row (bulk import: 100 000 inserts and audit entries) spends most of its time
// and memory there. Keyed by the SQL text, so the column lists the write paths build from fixed
// field lists each get one statement; bounded in case a caller ever builds many distinct texts.
import type Database from 'better-sqlite3';
import type { Db } from './open';

const MAX_PER_CONNECTION = 500;
const caches = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * How a reading statement hands over its rows: objects (the default), the first column's value
 * (`pluck`) or arrays of the values (`raw`). Set once when the statement is prepared and part of
 * the cache key: a cached statement is shared, so a caller switching its mode would change what
 * every other caller of the same SQL reads.
 */
export type RowShape = 'object' | 'pluck' | 'raw';

export function prepareCached(db: Db, sql: string, shape: RowShape = 'object'): Database.Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = shape === 'object' ? sql : `${shape}:${sql}`;
  let stmt = cache.get(key);
  if (!stmt) {
    if (cache.size >= MAX_PER_CONNECTION) cache.delete(cache.keys().next().value!);
    stmt = db.prepare(sql);
    if (shape === 'pluck') stmt.pluck(true);
    else if (shape === 'raw') stmt.raw(true);
    cache.set(key, stmt);
  }
  return stmt;
}

/**
 * A statement prepared at its first use and kept by the caller: a read path run on every keystroke
 * pays no cache lookup per call, and a store made on a file not yet upgraded prepares nothing until
 * it is used. `pluck`: the statement returns its first column's value instead of a row object.
 */
export function preparedOnce(db: Db, sql: string, opts: { pluck?: boolean } = {}): () => Database.Statement {
  let stmt: Database.Statement | undefined;
  return () => (stmt ??= opts.pluck ? db.prepare(sql).pluck() : db.prepare(sql));
}
