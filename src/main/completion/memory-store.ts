// Search memory and preference writes (spec 000 write path). Pure functions over a write
// connection, so the main process (100 ms lock wait) and the worker's retry list (3 s) share them.
import { type ListEndpoint, isListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { normalizeSearchTerm } from '../../shared/normalize';
import { ALL_FIELDS, GLOBAL_USER } from './endpoints';
import { memoryRankKey } from './ranking';

/** A memory write that can be retried later by the worker (plain data, crosses the process boundary). */
export type MemoryOp =
  | { kind: 'search'; userId: number; endpoint: ListEndpoint; query: string; at: number }
  | { kind: 'feedback'; userId: number; endpoint: ListEndpoint; query: string; accepted: boolean; at: number };

/** Longest query kept in memory (typed text beyond this is not a search term anyone repeats). */
export const MAX_MEMORY_QUERY_CHARS = 200;

export function personalizedInTx(db: Db, userId: number): boolean {
  const row = db.prepare('SELECT personalized FROM user_prefs WHERE user_id = ?').get(userId) as { personalized: number } | undefined;
  return row ? row.personalized === 1 : true;
}

export function setPersonalizedInTx(db: Db, userId: number, on: boolean, at: number): void {
  db.prepare(
    `INSERT INTO user_prefs(user_id, personalized, updated_at) VALUES (?,?,?)
     ON CONFLICT(user_id) DO UPDATE SET personalized = excluded.personalized, updated_at = excluded.updated_at`,
  ).run(userId, on ? 1 : 0, at);
}

interface MemRow {
  id: number;
  frequency: number;
  last_used_at: number;
  accept_count: number;
  reject_count: number;
}

function upsert(db: Db, userId: number, endpoint: ListEndpoint, norm: string, query: string, at: number, change: { search?: boolean; accepted?: boolean }): void {
  const row = db
    .prepare('SELECT id, frequency, last_used_at, accept_count, reject_count FROM search_memory WHERE user_id = ? AND endpoint = ? AND field = ? AND norm = ?')
    .get(userId, endpoint, ALL_FIELDS, norm) as MemRow | undefined;
  const freq = (row?.frequency ?? 0) + (change.search ? 1 : 0);
  const last = change.search ? Math.max(at, row?.last_used_at ?? 0) : (row?.last_used_at ?? at);
  const acc = (row?.accept_count ?? 0) + (change.accepted === true ? 1 : 0);
  const rej = (row?.reject_count ?? 0) + (change.accepted === false ? 1 : 0);
  const key = memoryRankKey(freq, last, acc, rej);
  if (row) {
    db.prepare('UPDATE search_memory SET frequency = ?, last_used_at = ?, accept_count = ?, reject_count = ?, rank_key = ?, query = CASE WHEN ? THEN ? ELSE query END WHERE id = ?').run(
      freq,
      last,
      acc,
      rej,
      key,
      change.search ? 1 : 0,
      query,
      row.id,
    );
  } else {
    db.prepare(
      'INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (?,?,?,?,?,?,?,?,?,?)',
    ).run(userId, endpoint, ALL_FIELDS, norm, query, freq, last, acc, rej, key);
  }
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
  const change = op.kind === 'search' ? { search: true } : { accepted: op.accepted };
  upsert(db, GLOBAL_USER, op.endpoint, m.norm, m.query, op.at, change);
  if (op.userId > 0 && personalizedInTx(db, op.userId)) upsert(db, op.userId, op.endpoint, m.norm, m.query, op.at, change);
}
