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
import { SCORE_LEVELS_MILLI } from './status-score';
import { isUnavailable, openCompletionRead } from './db';

export const UNAVAILABLE_PAUSE_MS = 5000;
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
  private stmts: { pref: Statement; memory: Statement; gen: Statement; term: Statement } | null = null;

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
        const gen = (s.gen.get(endpoint) as { active_gen: number } | undefined)?.active_gen ?? 0;
        const index = this.indexCandidates(s.term, endpoint, gen, q, hi);
        return rank({ typed: query.q, personalized, own, global, index, now });
      })();
    } catch (e) {
      this.fail(e);
      return emptySuggestion(true);
    }
  }

  /**
   * Best terms of every indexed field, walking the score levels best-first with an index seek
   * each, so a one-character prefix costs the same as a long one.
   */
  private indexCandidates(term: Statement, endpoint: ListEndpoint, gen: number, q: string, hi: string): IndexCandidate[] {
    const out: IndexCandidate[] = [];
    for (const field of INDEXED_FIELDS[endpoint]) {
      let left = FIELD_CAP;
      for (const level of SCORE_LEVELS_MILLI) {
        const rows = term.all(endpoint, gen, field, level, q, hi, left) as { norm: string; text: string }[];
        for (const r of rows) out.push({ norm: r.norm, text: r.text, score: level / 1000 });
        left -= rows.length;
        if (left <= 0) break;
      }
    }
    // Best score first; within a score the merge keeps field order, then the index's text order.
    return out.sort((a, b) => b.score - a.score);
  }

  private safePref(userId: number, now: number): boolean {
    return now < this.pausedUntil ? true : this.personalized(userId);
  }

  private statements() {
    if (this.stmts) return this.stmts;
    this.db = openCompletionRead(this.dataDir);
    this.stmts = {
      pref: this.db.prepare('SELECT personalized FROM user_prefs WHERE user_id = ?'),
      memory: this.db.prepare(
        `SELECT norm, query, frequency, last_used_at, accept_count, reject_count FROM search_memory
         WHERE user_id = ? AND endpoint = ? AND field = ? AND norm > ? AND norm < ? AND frequency > 0
         ORDER BY rank_key DESC, id DESC LIMIT ?`,
      ),
      gen: this.db.prepare('SELECT active_gen FROM endpoint_meta WHERE endpoint = ?'),
      term: this.db.prepare(
        `SELECT norm, text FROM entity_terms INDEXED BY entity_terms_rank
         WHERE endpoint = ? AND gen = ? AND field = ? AND score = ? AND norm > ? AND norm < ? ORDER BY norm LIMIT ?`,
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
    try {
      this.db?.close();
    } catch {
      /* already closed */
    }
    this.db = null;
  }
}
