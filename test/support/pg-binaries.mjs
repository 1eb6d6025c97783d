// Where the PostgreSQL server binaries are (Debian's postgresql package: /usr/lib/postgresql/<major>/bin,
// or LAB_PG_BIN). Read by vitest.config.mts (which leaves test/pg/ out without them) and by the
// cluster's global setup, so plain JavaScript (types in pg-binaries.d.mts); no test-runner imports.
import fs from 'node:fs';
import path from 'node:path';

/** What a run without PostgreSQL says, once. */
export const PG_MISSING = "PostgreSQL not found: the PostgreSQL engine's tests did not run";

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The directory holding initdb, pg_ctl and postgres; null when there is none. Prefers 15, then the newest. */
export function findPgBin(env = process.env) {
  const has = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(dir, b)));
  if (env.LAB_PG_BIN) return has(env.LAB_PG_BIN) ? env.LAB_PG_BIN : null;
  const majors = fs.existsSync(DEBIAN_ROOT) ? fs.readdirSync(DEBIAN_ROOT).filter((d) => /^\d+$/.test(d)).map(Number) : [];
  const ordered = [...majors.filter((m) => m === 15), ...majors.filter((m) => m !== 15).sort((a, b) => b - a)];
  for (const m of ordered) {
    const dir = path.join(DEBIAN_ROOT, String(m), 'bin');
    if (has(dir)) return dir;
  }
  return null;
}
