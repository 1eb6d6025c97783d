// Vitest global setup: the backup code starts its database worker from a built file
// (out/main/db-worker.js in the app), bulk import forks its import worker (out/main/import-worker.js).
// Tests run from source, so bundle both entries once with esbuild (packages stay external and
// resolve from node_modules) and point LAB_DB_WORKER / LAB_IMPORT_WORKER at them; the test
// processes inherit the variables.
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');

export function setup(): void {
  const out = path.join(ROOT, 'node_modules/.cache/lab-test-workers', `db-worker-${process.pid}.cjs`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  buildSync({
    entryPoints: [path.join(ROOT, 'src/main/backup/db-worker-entry.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['better-sqlite3'],
    logLevel: 'silent',
  });
  process.env.LAB_DB_WORKER = out;
  const importOut = path.join(path.dirname(out), `import-worker-${process.pid}.cjs`);
  buildSync({
    entryPoints: [path.join(ROOT, 'src/main/bulk-import/import-worker-entry.ts')],
    outfile: importOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
  });
  process.env.LAB_IMPORT_WORKER = importOut;
}
