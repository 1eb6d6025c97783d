// The read path of GET /api/search-completions/inline (spec 000 endpoint rules 1–5): one read-only
// connection with a 100 ms lock wait, one read snapshot for preference, memory and entity terms;
// never writes, never rebuilds. When completion.db is unavailable it answers empty, logs
// `Completion unavailable` and does not try again for 5 seconds.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open';
import type { Logger } from '../logging';
import { normalizeSearchTerm } from '../../shared/normalize';
import { ALL_FIELDS, GLOBAL_USER, INDEXED_FIELDS, isEndpoint, type ListEndpoint } from './endpoints';
import { emptySuggestion, rank, type IndexCandidate, type MemoryCandidate, type Suggestion } from './ranking';
import { scoreMilli, STATUS_SCORE, UNKNOWN_STATUS_SCORE } from './status-score';
import { isUnavailable, openCompletionRead } from './db';

export const UNAVAILABLE_PAUSE_MS = 5000;

/** Score levels (per mille, best first) the terms of one endpoint can carry. */
function levelsOf(endpoint: ListEndpoint): number[] {
  return [...new Set([...Object.values(STATUS_SCORE[endpoint]), UNKNOWN_STATUS_SCORE].map(scoreMilli))].sort((a, b) => b - a);
}
/** Candidates fetched per memory source (the best by decayed score come first). */
export const MEMORY_CAP = 8;
/** Candidates fetched per indexed field (spec: "a separate cap on the candidate count for each"). */
export const FIELD_CAP = 4;
/** Upper bound of a prefix range: sorts after every UTF-8 string starting with the prefix. */
const MAX_CHAR = '\u{10FFFF}';

export interface InlineQuery {
  endpoint: string;
  field: string;
  q: string;
}

interface MemoryRow {
  norm: string;
  query: string;
  frequency: number;
  last_used_at: number;
  accept_count: number;
  reject_count: number;
}

export class CompletionReader {
  private db: Db | null = null;
  private pausedUntil = 0;
  private stmts: { pref: Statement; memory: Statement } | null = null;
  private readonly termStmts = new Map<ListEndpoint, Statement>();

  constructor(
    private readonly dataDir: string,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether a user has personalization on (default on). Read-only; unavailable → on. */
  personalized(userId: number): boolean {
    try {
      const s = this.statements();
      const row = s.pref.get(userId) as { personalized: number } | undefined;
      return row ? row.personalized === 1 : true;
    } catch (e) {
      this.fail(e);
      return true;
    }
  }

  inline(userId: number, query: InlineQuery): Suggestion {
    const now = this.clock();
    if (!isEndpoint(query.endpoint) || query.field !== ALL_FIELDS) return emptySuggestion(this.safePref(userId, now));
    const q = normalizeSearchTerm(query.q);
    if (!q) return emptySuggestion(this.safePref(userId, now));
    if (now < this.pausedUntil) return emptySuggestion(true);
    try {
      const s = this.statements();
      const endpoint: ListEndpoint = query.endpoint;
      const db = this.db!;
      const hi = q + MAX_CHAR;
      // One read snapshot for everything the ranking looks at.
      return db.transaction(() => {
        const prefRow = s.pref.get(userId) as { personalized: number } | undefined;
        const personalized = prefRow ? prefRow.personalized === 1 : true;
        const toMem = (r: MemoryRow): MemoryCandidate => ({
          norm: r.norm,
          text: r.query,
          frequency: r.frequency,
          lastUsedAt: r.last_used_at,
          acceptCount: r.accept_count,
          rejectCount: r.reject_count,
        });
        const own = personalized ? (s.memory.all(userId, endpoint, ALL_FIELDS, q, hi, MEMORY_CAP) as MemoryRow[]).map(toMem) : [];
        const global = (s.memory.all(GLOBAL_USER, endpoint, ALL_FIELDS, q, hi, MEMORY_CAP) as MemoryRow[]).map(toMem);
        const index = this.indexCandidates(endpoint, q, hi);
        return rank({ typed: query.q, personalized, own, global, index, now });
      })();
    } catch (e) {
      this.fail(e);
      return emptySuggestion(true);
    }
  }

  /**
   * Best terms of every indexed field: one statement per endpoint whose UNION ALL branches are
   * index seeks on (endpoint, gen, field, score, norm) — one per field and score level, each with
   * its own cap — so a one-character prefix costs about as much as a long one.
   */
  private indexCandidates(endpoint: ListEndpoint, q: string, hi: string): IndexCandidate[] {
    let stmt = this.termStmts.get(endpoint);
    if (!stmt) {
      const levels = levelsOf(endpoint);
      const branches = INDEXED_FIELDS[endpoint].flatMap((field, fi) =>
        levels.map(
          (level) =>
            `SELECT * FROM (SELECT ${fi} AS f, score, norm, text FROM entity_terms INDEXED BY entity_terms_rank
             WHERE endpoint = @endpoint AND gen = (SELECT active_gen FROM endpoint_meta WHERE endpoint = @endpoint)
               AND field = '${field}' AND score = ${level} AND norm > @q AND norm < @hi ORDER BY norm LIMIT ${FIELD_CAP})`,
        ),
      );
      stmt = this.db!.prepare(branches.join(' UNION ALL '));
      this.termStmts.set(endpoint, stmt);
    }
    const rows = stmt.all({ endpoint, q, hi }) as { f: number; score: number; norm: string; text: string }[];
    // Rows come field by field, best level first: keep the first FIELD_CAP of each field.
    const taken = new Map<number, number>();
    const out: IndexCandidate[] = [];
    for (const r of rows) {
      const n = taken.get(r.f) ?? 0;
      if (n >= FIELD_CAP) continue;
      taken.set(r.f, n + 1);
      out.push({ norm: r.norm, text: r.text, score: r.score / 1000 });
    }
    // Best score first; within a score the merge keeps field order, then the index's text order.
    return out.sort((x, y) => y.score - x.score);
  }

  private safePref(userId: number, now: number): boolean {
    return now < this.pausedUntil ? true : this.personalized(userId);
  }

  private statements() {
    if (this.stmts) return this.stmts;
    this.db = openCompletionRead(this.dataDir);
    // Pages come straight from the OS cache: a rebuild's commits invalidate this connection's own
    // page cache often, and copying pages back in is what would slow readers down.
    this.db.pragma('mmap_size = 1073741824');
    this.db.pragma('cache_size = -65536');
    this.stmts = {
      pref: this.db.prepare('SELECT personalized FROM user_prefs WHERE user_id = ?'),
      memory: this.db.prepare(
        `SELECT norm, query, frequency, last_used_at, accept_count, reject_count FROM search_memory
         WHERE user_id = ? AND endpoint = ? AND field = ? AND norm > ? AND norm < ? AND frequency > 0
         ORDER BY rank_key DESC, id DESC LIMIT ?`,
      ),
    };
    return this.stmts;
  }

  /** Unavailable: log once per pause, drop the connection (the file may be replaced), pause 5 s. */
  private fail(e: unknown): void {
    if (!isUnavailable(e)) {
      this.log.error({ err: e instanceof Error ? e.message : String(e) }, 'completion read failed');
    }
    this.log.warn({ err: e instanceof Error ? e.message : String(e), code: (e as { code?: string })?.code }, 'Completion unavailable');
    this.pausedUntil = this.clock() + UNAVAILABLE_PAUSE_MS;
    this.close();
  }

  close(): void {
    this.stmts = null;
    this.termStmts.clear();
    try {
      this.db?.close();
    } catch {
      /* already closed */
    }
    this.db = null;
  }
}
