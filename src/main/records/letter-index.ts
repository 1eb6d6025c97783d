// The letter index at start (stores/record-list-index.ts has its shape): each list's is checked
// (lab.db v10 made them; migrations run first), and a missing or damaged one rebuilt from the rows
// in one transaction.
import type { Db } from '../db/open';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { writeTransaction } from '../db/transaction';
import { lettersTable } from '../stores/record-list-index';
import { recordListStore } from '../stores/record-list-store';

/** Checks every list's letter index and rebuilds the ones that cannot be trusted. Returns what was rebuilt and why. */
export function ensureLetterIndexes(db: Db): Array<{ table: string; problem: string }> {
  const index = recordListStore(db);
  const rebuilt: Array<{ table: string; problem: string }> = [];
  for (const e of Object.keys(LISTS) as ListEndpoint[]) {
    const table = LISTS[e].table;
    const problem = index.letterIndexProblem(table);
    if (!problem) continue;
    writeTransaction(db, () => index.rebuildLetterIndex(table));
    rebuilt.push({ table: lettersTable(table), problem });
  }
  return rebuilt;
}
