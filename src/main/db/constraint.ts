// A unique key clash, as either engine reports it: SQLite's SQLITE_CONSTRAINT_UNIQUE (or a primary
// key's), PostgreSQL's SQLSTATE 23505. A store that inserts under a unique key throws the driver's
// error; whoever decides what a clash means asks this rather than an engine's code.
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_CODES.has(code);
}
