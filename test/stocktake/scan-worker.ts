// A second person's scanner in its own process (stocktake.test.ts): opens the same lab.db file on
// its own connection and scans the given item ids through the real StocktakeService; prints how
// many scans counted a container and how many found it counted already.
import path from 'node:path';
import { sqliteLabData } from '../../src/main/stores/lab-data';
import { openDatabase } from '../../src/main/db/open';
import { EventBus } from '../../src/main/events';
import { silentLogger } from '../../src/main/logging';
import { StocktakeService } from '../../src/main/stocktake/stocktake-service';
import type { CompletionHooks } from '../../src/main/completion-hooks';
import type { UserInfo } from '../../src/shared/contract';

const [file, stocktakeId, ids, userId, startAt] = process.argv.slice(2) as [string, string, string, string, string];
const db = openDatabase(file);
const noHooks: CompletionHooks = { entityChanged() {}, bulkChanged() {}, searchSubmitted() {} };
const data = sqliteLabData(db, openDatabase(file, { readonly: true }));
const stocktakes = new StocktakeService({ data, dataDir: path.dirname(file), hooks: noHooks, events: new EventBus(), log: silentLogger(), exportsDir: path.join(path.dirname(file), 'exports') });
const actor: UserInfo = { id: Number(userId), username: 'scanner', displayName: 'scanner', role: 'member', active: true };
// Wait for the agreed moment so both processes' transactions interleave.
while (Date.now() < Number(startAt));
// An async main: the service's scans return promises (a bundled CommonJS file has no top-level await).
void (async () => {
  const counts: Record<string, number> = {};
  for (const id of ids.split(',')) {
    const r = await stocktakes.scan(actor, Number(stocktakeId), `LAB1:${id}`);
    counts[r.result] = (counts[r.result] ?? 0) + 1;
  }
  db.close();
  process.stdout.write(JSON.stringify(counts));
})();
