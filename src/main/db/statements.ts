// Prepared statements kept per connection. better-sqlite3 compiles on every prepare(); a write path
// that prepares per row (bulk import: 100 000 inserts and audit entries) spends most of its time
// and memory there. Keyed by the SQL text, so the column lists the write paths build from fixed
// field lists each get one statement; bounded in case a caller ever builds many distinct texts.
import type Database from 'better-sqlite3';
import type { Db } from './open';

const MAX_PER_CONNECTION = 500;
const caches = new WeakMap<Db, Map<string, Database.Statement>>();

export function prepareCached(db: Db, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    if (cache.size >= MAX_PER_CONNECTION) cache.delete(cache.keys().next().value!);
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}
