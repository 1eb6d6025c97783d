// Writes test/db/fixtures/migrations-*.json: for every version N of lab.db and completion.db, the
// schema of a new database at N, and the contents of the fixture database upgraded from N-1 to N.
// Taken once from the migrations as they were before they were frozen into one file each
// (commit "fixtures from the old code"); the tests compare the frozen migrations against them.
// Run: npx esbuild test/db/scripts/write-migration-fixtures.ts --bundle --platform=node --packages=external --outfile=wmf.tmp.cjs && node wmf.tmp.cjs; rm wmf.tmp.cjs
// (bundled inside the checkout so better-sqlite3 resolves from node_modules)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../src/main/db/open';
import { migrate, type Migration } from '../../../src/main/db/migrate';
import { labMigrations } from '../../../src/main/db/migrations/lab';
import { completionMigrations } from '../../../src/main/db/migrations/completion';
import { completionAt, contentsOf, labAt, schemaOf, upTo } from '../migration-fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migr-fixtures-'));
let n = 0;
const fresh = (): Db => openDatabase(path.join(dir, `${n++}.db`));

function snapshot(migrations: readonly Migration[], at: (db: Db, m: readonly Migration[], v: number) => Db) {
  const out: Record<number, { schema: unknown; upgraded: unknown }> = {};
  // every version the list holds (a number kept for another branch's migration is skipped)
  for (const v of migrations.map((m) => m.version)) {
    const empty = fresh();
    migrate(empty, upTo(migrations, v));
    const db = at(fresh(), migrations, v - 1);
    migrate(db, upTo(migrations, v));
    out[v] = { schema: schemaOf(empty), upgraded: contentsOf(db) };
    empty.close();
    db.close();
  }
  return out;
}

const write = (name: string, data: unknown) => fs.writeFileSync(path.join(process.cwd(), 'test/db/fixtures', name), `${JSON.stringify(data, null, 1)}\n`);
write('migrations-lab.json', snapshot(labMigrations, labAt));
write('migrations-completion.json', snapshot(completionMigrations, completionAt));
fs.rmSync(dir, { recursive: true, force: true });
