// Search memory and preference writes (spec 000 write path), in the caller's transaction on a
// write connection, so the main process (100 ms lock wait) and the worker's retry list (3 s) share
// them. The tables are the stores' (search-memory-store.ts, user-prefs-store.ts).
import { type ListEndpoint, isListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { normalizeSearchTerm } from '../../shared/normalize';
import { ALL_FIELDS, GLOBAL_USER } from './endpoints';
import { memoryRankKey } from './ranking';
import { searchMemoryStore, type SearchMemoryWrites } from '../stores/completion/search-memory-store';
import { userPrefsStore, type UserPrefsReads } from '../stores/completion/user-prefs-store';

/** A memory write that can be retried later by the worker (plain data, crosses the process boundary). */
export type MemoryOp =
  | { kind: 'search'; userId: number; endpoint: ListEndpoint; query: string; at: number }
  | { kind: 'feedback'; userId: number; endpoint: ListEndpoint; query: string; accepted: boolean; at: number };

/** Longest query kept in memory (typed text beyond this is not a search term anyone repeats). */
export const MAX_MEMORY_QUERY_CHARS = 200;

/** Whether the user's own memory is in use: a user who never chose has personalization on. */
export function isPersonalized(prefs: UserPrefsReads, userId: number): boolean {
  return prefs.personalized(userId) ?? true;
}

export function personalizedInTx(db: Db, userId: number): boolean {
  return isPersonalized(userPrefsStore(db), userId);
}

export function setPersonalizedInTx(db: Db, userId: number, on: boolean, at: number): void {
  userPrefsStore(db).set(userId, on, at);
}

function upsert(memory: SearchMemoryWrites, userId: number, endpoint: ListEndpoint, norm: string, query: string, at: number, change: { search?: boolean; accepted?: boolean }): void {
  const row = memory.find(userId, endpoint, ALL_FIELDS, norm);
  const frequency = (row?.frequency ?? 0) + (change.search ? 1 : 0);
  const lastUsedAt = change.search ? Math.max(at, row?.last_used_at ?? 0) : (row?.last_used_at ?? at);
  const acceptCount = (row?.accept_count ?? 0) + (change.accepted === true ? 1 : 0);
  const rejectCount = (row?.reject_count ?? 0) + (change.accepted === false ? 1 : 0);
  const counts = { frequency, lastUsedAt, acceptCount, rejectCount, rankKey: memoryRankKey(frequency, lastUsedAt, acceptCount, rejectCount) };
  // A search keeps the latest spelling; feedback leaves it.
  if (row) memory.update(row.id, counts, change.search ? query : undefined);
  else memory.insert({ userId, endpoint, field: ALL_FIELDS, norm, query, ...counts });
}

/** Cleans a query for memory; null when there is nothing to remember. */
export function memoryQuery(query: string): { query: string; norm: string } | null {
  const q = Array.from(query.trim()).slice(0, MAX_MEMORY_QUERY_CHARS).join('');
  const norm = normalizeSearchTerm(q);
  return norm ? { query: q, norm } : null;
}

/**
 * Applies one memory op: the global scope always, the user's own scope only when personalization
 * is on (docs/design.md#completion: off means own memory is neither read nor written).
 */
export function applyMemoryOpInTx(db: Db, op: MemoryOp): void {
  if (!isListEndpoint(op.endpoint)) return;
  const m = memoryQuery(op.query);
  if (!m) return;
  const memory = searchMemoryStore(db);
  const change = op.kind === 'search' ? { search: true } : { accepted: op.accepted };
  upsert(memory, GLOBAL_USER, op.endpoint, m.norm, m.query, op.at, change);
  if (op.userId > 0 && personalizedInTx(db, op.userId)) upsert(memory, op.userId, op.endpoint, m.norm, m.query, op.at, change);
}
