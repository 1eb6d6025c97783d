// Types of test/support/pg-binaries.mjs for the TypeScript that imports it (the cluster setup and its test).
/** What a run without PostgreSQL says, once. */
export const PG_MISSING: string;
/** The directory holding initdb, pg_ctl and postgres; null when there is none. */
export function findPgBin(env?: NodeJS.ProcessEnv): string | null;
