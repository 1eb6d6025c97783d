// The two baselines measured in the same run as the real read path:
// (a) naive SQL: `WHERE norm >= ? AND norm < ? ORDER BY score LIMIT k` over a plain index of the
//     entity rows (no de-duplication, no score levels);
// (b) the same ranking over in-memory arrays (terms and memory sorted by normalized text, prefix
//     range by binary search, the same per-field and per-source caps, the same rank()).
import type { Db } from '../src/main/db/open';
import { normalizeSearchTerm } from '../src/shared/normalize';
import { rank, type IndexCandidate, type MemoryCandidate, type Suggestion } from '../src/main/completion/ranking';
import { FIELD_CAP, MEMORY_CAP } from '../src/main/completion/reader';
import { GLOBAL_USER } from '../src/main/completion/endpoints';
import { LIST_ENDPOINTS, LISTS, type ListEndpoint } from '../src/shared/records';
import { activeTables } from '../src/main/completion/index-sync';
import { memoryRawScore } from '../src/main/completion/ranking';

const MAX = '\u{10FFFF}';

/**
 * Statistics for the naive table only: with statistics on the app's own indexes, SQLite (built
 * with STAT4) re-plans every statement whose range bounds are bound parameters on each call —
 * 15–20 µs per statement, which made every read after this baseline (HTTP, during the rebuild)
 * slower than the idle one. The app never runs ANALYZE on completion.db.
 */
export function createNaiveTable(db: Db): void {
  const active = LIST_ENDPOINTS.map((e) => `SELECT '${e}' AS endpoint, norm, text, score FROM ${activeTables(db, e).rows}`).join(' UNION ALL ');
  db.exec(`
    DROP TABLE IF EXISTS naive_rows;
    CREATE TABLE naive_rows AS ${active};
    CREATE INDEX naive_rows_prefix ON naive_rows(endpoint, norm);
    ANALYZE naive_rows;
  `);
}

/** The naive query on a connection of its own (the probe thread's), over createNaiveTable's table. */
export function naiveQuery(db: Db): (endpoint: string, q: string) => unknown[] {
  const stmt = db.prepare('SELECT text, norm, score FROM naive_rows WHERE endpoint = ? AND norm >= ? AND norm < ? ORDER BY score DESC LIMIT 10');
  return (endpoint, q) => {
    const n = normalizeSearchTerm(q);
    return stmt.all(endpoint, n, n + MAX);
  };
}

interface Term {
  norm: string;
  text: string;
  score: number;
}

/** UTF-8 byte order (SQLite BINARY) for JS strings, so ranges match what SQLite returns. */
function cmp(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function lowerBound<T extends { norm: string }>(arr: T[], key: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid]!.norm < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function prepareInMemory(db: Db): (userId: number, endpoint: string, q: string, now: number) => Suggestion {
  const terms = new Map<string, Term[]>();
  for (const r of db
    .prepare(LIST_ENDPOINTS.map((e) => `SELECT '${e}' AS endpoint, field, norm, text, score FROM ${activeTables(db, e).terms}`).join(' UNION ALL '))
    .iterate() as IterableIterator<{ endpoint: string; field: string; norm: string; text: string; score: number }>) {
    const k = `${r.endpoint}|${r.field}`;
    let a = terms.get(k);
    if (!a) terms.set(k, (a = []));
    a.push({ norm: r.norm, text: r.text, score: r.score / 1000 });
  }
  const memory = new Map<string, MemoryCandidate[]>();
  for (const r of db.prepare("SELECT user_id, endpoint, norm, query, frequency, last_used_at, accept_count, reject_count FROM search_memory WHERE field = 'all' AND frequency > 0").iterate() as IterableIterator<{
    user_id: number;
    endpoint: string;
    norm: string;
    query: string;
    frequency: number;
    last_used_at: number;
    accept_count: number;
    reject_count: number;
  }>) {
    const k = `${r.user_id}|${r.endpoint}`;
    let a = memory.get(k);
    if (!a) memory.set(k, (a = []));
    a.push({ norm: r.norm, text: r.query, frequency: r.frequency, lastUsedAt: r.last_used_at, acceptCount: r.accept_count, rejectCount: r.reject_count });
  }
  // JS `<` is UTF-16 order; sort and search with it consistently (prefix ranges are identical).
  for (const a of terms.values()) a.sort((x, y) => (x.norm < y.norm ? -1 : x.norm > y.norm ? 1 : 0));
  for (const a of memory.values()) a.sort((x, y) => (x.norm < y.norm ? -1 : x.norm > y.norm ? 1 : 0));
  void cmp;

  const topMemory = (list: MemoryCandidate[] | undefined, q: string, now: number) => {
    if (!list) return [];
    const best: { m: MemoryCandidate; s: number }[] = [];
    for (let i = lowerBound(list, q); i < list.length && list[i]!.norm.startsWith(q); i++) {
      const m = list[i]!;
      if (m.norm === q) continue;
      const s = memoryRawScore(m, now);
      if (best.length < MEMORY_CAP || s > best[best.length - 1]!.s) {
        best.push({ m, s });
        best.sort((a, b) => b.s - a.s);
        if (best.length > MEMORY_CAP) best.pop();
      }
    }
    return best.map((b) => b.m);
  };

  return (userId, endpoint, q, now) => {
    const n = normalizeSearchTerm(q);
    const index: IndexCandidate[] = [];
    for (const field of LISTS[endpoint as ListEndpoint].indexed) {
      const list = terms.get(`${endpoint}|${field}`);
      if (!list) continue;
      const best: Term[] = [];
      for (let i = lowerBound(list, n); i < list.length && list[i]!.norm.startsWith(n); i++) {
        const t = list[i]!;
        if (t.norm === n) continue;
        if (best.length < FIELD_CAP || t.score > best[best.length - 1]!.score) {
          best.push(t);
          best.sort((a, b) => b.score - a.score);
          if (best.length > FIELD_CAP) best.pop();
        }
      }
      index.push(...best);
    }
    index.sort((a, b) => b.score - a.score);
    const personalized = true;
    return rank({
      typed: q,
      personalized,
      own: topMemory(memory.get(`${userId}|${endpoint}`), n, now),
      global: topMemory(memory.get(`${GLOBAL_USER}|${endpoint}`), n, now),
      index,
      now,
    });
  };
}
