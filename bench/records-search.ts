// `npm run bench:records` (`-- 20000` for another row count): list search at 100 000 inventory
// rows, timed at the service level. Not a test: no pass/fail exit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabases } from '../src/main/db/databases';
import { AuditLog } from '../src/main/audit/audit-log';
import { AuthService } from '../src/main/auth/auth-service';
import { EventBus } from '../src/main/events';
import { silentLogger } from '../src/main/logging';
import { createRecordsServices } from '../src/main/records';
import { inventoryRowValues } from '../src/main/records/inventory-service';
import { inventoryListInput } from '../src/shared/contract/records';
import { relevanceExpr, searchWhere } from '../src/main/records/search';
import { sampleItems } from '../test/fixtures/records/sample-data';

const ROWS = Number(process.argv[2] ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
const dbs = openDatabases(dir);
const audit = new AuditLog(dbs.lab);
const auth = new AuthService(dbs.lab, audit);
const admin = auth.setup({ username: 'admin', password: 'admin-pass-1', displayName: 'Admin' });
const noop = { entityChanged() {}, bulkChanged() {}, searchSubmitted() {} };
const records = createRecordsServices({ db: dbs.lab, audit, hooks: noop, events: new EventBus(), log: silentLogger() });

let t = performance.now();
const items = sampleItems(ROWS);
dbs.lab.transaction(() => {
  for (const it of items) records.inventory.insert(inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
})();
console.log(`seeded ${ROWS} inventory rows in ${(performance.now() - t).toFixed(0)} ms`);
dbs.lab.pragma('optimize');

const queries: Array<Record<string, unknown>> = [
  {},
  { search: 'ethanol' },
  { search: 'ethanol', sort: 'name' },
  { search: '64-17-5' },
  { search: '６４－１７－５' },
  { search: '乙醇' },
  { search: '乙醇 a301' },
  { search: '国药 有机溶剂 500ml' },
  { search: 'zzzzqq' },
  { search: '64175', field: 'cas_number' },
  { search: 'b105', field: 'storage_location', sort: 'name' },
  { search: 'acid', sort: '-quantity' },
  { sort: 'name', page: 1000 },
  { sort: '-storage_location', page: 1000 },
  { status: 'in_stock', sort: '-updated_at' },
];
for (const q of queries) {
  const parsed = inventoryListInput.parse(q);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 7; i++) {
    t = performance.now();
    total = records.inventory.list(parsed).total;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${JSON.stringify(q).padEnd(60)} total=${String(total).padStart(6)}  median ${times[3]!.toFixed(1)} ms  max ${times[6]!.toFixed(1)} ms`);
}
// Query plans: a search without a column sort (relevance) and a page sorted by a sort key.
const where = searchWhere('/inventory/', 't', 'all', 'ethanol');
const rank = relevanceExpr('/inventory/', 't', 'all', 'ethanol')!;
const plans: Array<[string, string, unknown[]]> = [
  ['relevance', `SELECT t.id FROM inventory_items t WHERE ${where.sql.join(' AND ')} ORDER BY ${rank.sql}, t.id DESC`, [...where.params, ...rank.params]],
  ['sort by name', 'SELECT t.id FROM inventory_items t ORDER BY t.name_sort ASC, t.id ASC LIMIT 20 OFFSET 20000', []],
];
for (const [label, sql, params] of plans) {
  const steps = dbs.lab.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
  console.log(`plan, ${label}: ${steps.map((x) => x.detail).join('; ')}`);
}
dbs.close();
if (process.env.KEEP) console.log(`kept ${dir}`);
else fs.rmSync(dir, { recursive: true, force: true });
