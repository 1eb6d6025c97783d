// The list search index at start (stores/record-list-index.ts and stores/pinyin-index.ts have its
// shape): every list's trigram, letter and pinyin index is checked, and a damaged or missing one
// rebuilt from the record rows (the texts and pinyin forms it indexes are all there), each in one
// transaction.
import type { Db } from '../db/open';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { ensureLetterIndexes } from './letter-index';
import { writeTransaction } from '../db/transaction';
import { recordListStore, type RecordTable } from '../stores/record-list-store';
import { pinyinTable } from '../stores/pinyin-index';

/** Why a list's search index cannot be trusted, or null when it looks whole. */
export function searchIndexProblem(db: Db, table: RecordTable): string | null {
  return recordListStore(db).searchIndexProblem(table);
}

/** Checks every list's search index and rebuilds the ones that cannot be trusted. Returns what was rebuilt and why. */
export function ensureSearchIndexes(db: Db): Array<{ table: string; problem: string }> {
  const index = recordListStore(db);
  const rebuilt: Array<{ table: string; problem: string }> = [];
  for (const endpoint of Object.keys(LISTS) as ListEndpoint[]) {
    const { table } = LISTS[endpoint];
    const problem = index.searchIndexProblem(table);
    if (!problem) continue;
    writeTransaction(db, () => index.rebuildSearchIndex(table));
    rebuilt.push({ table, problem });
  }
  for (const endpoint of Object.keys(LISTS) as ListEndpoint[]) {
    const { table } = LISTS[endpoint];
    const problem = index.pinyinIndexProblem(table);
    if (!problem) continue;
    writeTransaction(db, () => index.rebuildPinyinIndex(table));
    rebuilt.push({ table: pinyinTable(table), problem });
  }
  return [...rebuilt, ...ensureLetterIndexes(db)];
}
