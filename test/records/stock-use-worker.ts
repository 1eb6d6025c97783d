// A second process using one bottle (stock-ledger.test.ts): opens the same lab.db file on its own
// connection and calls the real StockService `use` in a loop; prints how many uses went through
// and how many were refused because the balance was too small.
import path from 'node:path';
import { sqliteLabData } from '../../src/main/stores/lab-data';
import { openDatabase } from '../../src/main/db/open';
import { EventBus } from '../../src/main/events';
import { silentLogger } from '../../src/main/logging';
import { StockService } from '../../src/main/stock/stock-service';
import { AppError } from '../../src/shared/errors';
import type { CompletionHooks } from '../../src/main/completion-hooks';
import type { UserInfo } from '../../src/shared/contract';

const [file, itemId, times, amount, userId, startAt] = process.argv.slice(2) as [string, string, string, string, string, string];
const db = openDatabase(file);
const noHooks: CompletionHooks = { entityChanged() {}, bulkChanged() {}, searchSubmitted() {} };
const deps = { data: sqliteLabData(db, openDatabase(file, { readonly: true })), dataDir: path.dirname(file), hooks: noHooks, events: new EventBus(), log: silentLogger() };
const stock = new StockService({ ...deps, exportsDir: path.join(path.dirname(file), 'exports') });
const actor: UserInfo = { id: Number(userId), username: 'worker', displayName: 'worker', role: 'member', active: true };
// Wait for the agreed moment so both processes' transactions interleave.
while (Date.now() < Number(startAt));
// An async main: the service's actions return promises (a bundled CommonJS file has no top-level await).
void (async () => {
  let used = 0;
  let refused = 0;
  for (let i = 0; i < Number(times); i++) {
    try {
      await stock.use(actor, { id: Number(itemId), amount: Number(amount), unit: 'mL' });
      used++;
    } catch (e) {
      if (e instanceof AppError && (e.code === 'validation' || e.code === 'conflict')) refused++;
      else throw e;
    }
  }
  db.close();
  process.stdout.write(JSON.stringify({ used, refused }));
})();
