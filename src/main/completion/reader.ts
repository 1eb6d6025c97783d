// The read path of GET /api/search-completions/inline (spec 000 endpoint rules 1–5): one read-only
// connection with a 100 ms lock wait, one read snapshot for preference, memory and entity terms;
// never writes, never rebuilds. A snapshot serves the requests of up to SNAPSHOT_MAX_AGE_MS and
// is renewed at once after this process's own completion writes (the service calls renew()).
// When completion.db is unavailable it answers empty, logs `Completion unavailable` and does not
// try again for 5 seconds; a damaged file is reported to the app as well, which replaces it
// (recovery.ts) and lets the reader open the new one at once (resume()).
import { type ListEndpoint, isListEndpoint } from '../../shared/records';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open';
import type { Logger } from '../logging';
import { normalizeSearchTerm } from '../../shared/normalize';
import { ALL_FIELDS, GLOBAL_USER } from './endpoints';
import { emptySuggestion, rank, type IndexCandidate, type MemoryCandidate, type Suggestion } from './ranking';
import { LARGE_PREFIX_TERMS, levelSeekStatement, MAX_CHAR, topPerField, type TermPick } from './term-select';
export { FIELD_CAP } from './term-select';
import { isUnavailable, openCompletionRead } from './db';
import { isDamage } from '../db/damage';
import { tablesOf } from './index-tables';
import { SHORT_PREFIX_CHARS } from '../db/completion-schema';

export const UNAVAILABLE_PAUSE_MS = 5000;
/**
 * How long one read snapshot (one read transaction) serves successive requests. A snapshot that
 * begins after another connection's commit starts with a cold page cache and memory map, and a
 * rebuild commits often, so snapshots are reused for a while (docs/completion.md "Tuning
 * constants" has the measurements). Writes of the worker (rebuild swap, retried writes) show
 * within this time; this process's own writes at once (the service renews after each of them).
 */
export const SNAPSHOT_MAX_AGE_MS = 500;
/**
 * A snapshot that begins after another connection's commit (a rebuild commits every few tens of
 * milliseconds) lasts this many times longer: each such snapshot starts with a cold page cache,
 * and a rebuild's batches are invisible to readers until its swap anyway. This process's own
 * writes still renew at once (docs/completion.md "Tuning constants").
 */
export const WRITER_ACTIVE_SNAPSHOT_FACTOR = 4;
/** Candidates fetched per memory source (the best by decayed score come first). */
export const MEMORY_CAP = 8;

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
  rank_key: number;
  id: number;
}

const MEMORY_COLUMNS = 'norm, query, frequency, last_used_at, accept_count, reject_count, rank_key, id';
/** Best first: the decayed score's order at any instant (ranking.ts memoryRankKey), then newer id. */
const byRank = (a: MemoryRow, b: MemoryRow) => b.rank_key - a.rank_key || b.id - a.id;
const toMemory = (r: MemoryRow): MemoryCandidate => ({
  norm: r.norm,
  text: r.query,
  frequency: r.frequency,
  lastUsedAt: r.last_used_at,
  acceptCount: r.accept_count,
  rejectCount: r.reject_count,
});

// Every statement here is re-run with new bindings on each keystroke. better-sqlite3 clears the
// bindings after each run, and SQLite expires (re-prepares, ~10 µs) a statement whose plan was
// made with a bound value in view — an `= ?` term next to an ORDER BY, or `LIMIT ?`. So equality
// values are passed as `+?` (an expression the planner does not look into; the index is still
// used) and limits are literals.

/** Memory of a prefix of up to SHORT_PREFIX_CHARS, best first from `search_memory_p<n>` (no range sort). */
function shortPrefixMemorySql(chars: number): string {
  return `SELECT ${MEMORY_COLUMNS} FROM search_memory INDEXED BY search_memory_p${chars}
    WHERE user_id = +? AND endpoint = +? AND field = +? AND substr(norm, 1, ${chars}) = +? AND norm > ? AND frequency > 0
    ORDER BY rank_key DESC, id DESC LIMIT ${MEMORY_CAP}`;
}

/** Memory records of a longer prefix in index order, one more than the cap (to see if there are more). */
const LONG_PREFIX_MEMORY_SQL = `SELECT ${MEMORY_COLUMNS} FROM search_memory INDEXED BY search_memory_prefix
    WHERE user_id = +? AND endpoint = +? AND field = +? AND norm > ? AND norm < ? AND frequency > 0 LIMIT ${MEMORY_CAP + 1}`;

/** How many records of a four-character group the best-first walk looks at before giving up. */
export const WALK_LIMIT = 200;

/**
 * The best records of a longer prefix holding more than the cap: the records sharing its first
 * SHORT_PREFIX_CHARS characters, walked best first in their index (at most WALK_LIMIT of them)
 * and filtered by the prefix inside SQLite. Eight found → they are the best eight. Fewer → the
 * matches rank low in a big group, and the range is sorted instead (LONG_PREFIX_SORTED_MEMORY_SQL).
 */
const LONG_PREFIX_WALK_MEMORY_SQL = `SELECT * FROM (SELECT ${MEMORY_COLUMNS} FROM search_memory INDEXED BY search_memory_p${SHORT_PREFIX_CHARS}
    WHERE user_id = +? AND endpoint = +? AND field = +? AND substr(norm, 1, ${SHORT_PREFIX_CHARS}) = +? AND frequency > 0
    ORDER BY rank_key DESC, id DESC LIMIT ${WALK_LIMIT}) WHERE norm > ? AND norm < ? LIMIT ${MEMORY_CAP}`;

/** The best records of a longer prefix, its whole range sorted by SQLite (cost follows the range). */
const LONG_PREFIX_SORTED_MEMORY_SQL = `SELECT ${MEMORY_COLUMNS} FROM search_memory INDEXED BY search_memory_prefix
    WHERE user_id = +? AND endpoint = +? AND field = +? AND norm > ? AND norm < ? AND frequency > 0
    ORDER BY rank_key DESC, id DESC LIMIT ${MEMORY_CAP}`;

/** The typed prefix as the statements take it, worked out once per request. */
interface Prefix {
  /** Normalized text. */
  q: string;
  /** Upper bound of its key range. */
  hi: string;
  /** Length in characters (code points, as SQLite's substr counts). */
  chars: number;
  /** Its first SHORT_PREFIX_CHARS characters: the group a longer prefix walks. */
  group: string;
}

function prefixOf(q: string): Prefix {
  const cps = Array.from(q);
  return { q, hi: q + MAX_CHAR, chars: cps.length, group: cps.slice(0, SHORT_PREFIX_CHARS).join('') };
}

/** `memo`'s value for `key`, read once (until the memo is cleared). */
function remembered<K, V>(memo: Map<K, V>, key: K, read: () => V): V {
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key)!;
}

/** `short[n - 1]` reads the memory of an n-character prefix. */
type Statements = { pref: Statement; activeGen: Statement; dataVersion: Statement; short: Statement[]; long: Statement; longWalk: Statement; longSorted: Statement };

export class CompletionReader {
  private db: Db | null = null;
  private pausedUntil = 0;
  private stmts: Statements | null = null;
  /** performance.now() at which the open read snapshot ends (a real clock, not the injected one). */
  private snapshotEnds = 0;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private readonly termStmts = new Map<ListEndpoint, { gen: number; pre: Statement; range: Statement; levels: Statement }>();
  /**
   * What every request reads first and a snapshot cannot see change: each user's preference and
   * each endpoint's active generation, read once per snapshot (two statements fewer per keystroke).
   */
  private readonly perSnapshot = { personalized: new Map<number, boolean>(), activeGen: new Map<ListEndpoint, number>() };
  /** `PRAGMA data_version` as the last snapshot saw it: it moves when another connection commits. */
  private lastDataVersion: number | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
    private readonly snapshotMaxAgeMs = SNAPSHOT_MAX_AGE_MS,
    /** completion.db is damaged (corrupt, not a database), not merely busy or missing. */
    private readonly onDamaged?: (error: string) => void,
  ) {}

  /** Whether a user has personalization on (default on). Read-only; unavailable → on. */
  personalized(userId: number): boolean {
    try {
      return this.inSnapshot(() => this.personalizedIn(userId));
    } catch (e) {
      this.fail(e);
      return true;
    }
  }

  inline(userId: number, query: InlineQuery): Suggestion {
    const now = this.clock();
    if (!isListEndpoint(query.endpoint) || query.field !== ALL_FIELDS) return emptySuggestion(this.safePref(userId, now));
    const q = normalizeSearchTerm(query.q);
    if (!q) return emptySuggestion(this.safePref(userId, now));
    if (now < this.pausedUntil) return emptySuggestion(true);
    try {
      const endpoint = query.endpoint;
      return this.inSnapshot(() => this.read(userId, endpoint, query.q, q, now));
    } catch (e) {
      this.fail(e);
      return emptySuggestion(true);
    }
  }

  /**
   * Ends the open snapshot: the next request reads everything committed so far. Never throws (it
   * runs after the service's writes and from a timer): a connection that cannot end its read
   * transaction is dropped, and the next request opens a new one.
   */
  renew(): void {
    this.stopSnapshotTimer();
    try {
      if (this.db?.inTransaction) this.db.exec('COMMIT');
    } catch {
      this.close();
    }
  }

  /**
   * Runs `fn` in the open read transaction, beginning one when there is none or the open one is
   * older than SNAPSHOT_MAX_AGE_MS (tests may choose another age; WRITER_ACTIVE_SNAPSHOT_FACTOR
   * times that when it began after another connection's commit). A timer ends it as well, so an
   * idle app holds no snapshot (a held snapshot keeps checkpoints from rewinding the write-ahead log).
   */
  private inSnapshot<T>(fn: () => T): T {
    if (this.db?.inTransaction && performance.now() >= this.snapshotEnds) this.renew();
    this.statements(); // (re)opens the connection, also when renew() had to drop it
    const db = this.db!;
    if (!db.inTransaction) {
      db.exec('BEGIN');
      for (const memo of Object.values(this.perSnapshot)) memo.clear();
      const began = performance.now();
      const result = fn();
      // Read after fn(): a deferred BEGIN takes its snapshot at the first read.
      const version = this.stmts!.dataVersion.get() as number;
      const afterCommit = this.lastDataVersion !== null && version !== this.lastDataVersion;
      this.lastDataVersion = version;
      const age = afterCommit ? this.snapshotMaxAgeMs * WRITER_ACTIVE_SNAPSHOT_FACTOR : this.snapshotMaxAgeMs;
      this.snapshotEnds = began + age;
      this.snapshotTimer = setTimeout(() => this.renew(), age);
      this.snapshotTimer.unref?.();
      return result;
    }
    return fn();
  }

  /** The user's preference as this snapshot has it (default on); inside inSnapshot only. */
  private personalizedIn(userId: number): boolean {
    return remembered(this.perSnapshot.personalized, userId, () => {
      const row = this.stmts!.pref.get(userId) as { personalized: number } | undefined;
      return row ? row.personalized === 1 : true;
    });
  }

  /** Everything the ranking looks at, read inside one read transaction (one snapshot). */
  private read(userId: number, endpoint: ListEndpoint, typed: string, q: string, now: number): Suggestion {
    const s = this.stmts!;
    const personalized = this.personalizedIn(userId);
    const prefix = prefixOf(q);
    const own = personalized ? this.memoryCandidates(s, userId, endpoint, prefix) : [];
    const global = this.memoryCandidates(s, GLOBAL_USER, endpoint, prefix);
    const index = this.indexCandidates(endpoint, prefix.q, prefix.hi);
    return rank({ typed, personalized, own, global, index, now });
  }

  /**
   * The MEMORY_CAP best records of one scope. Prefixes of up to four characters come best first
   * from their own indexes. A longer prefix usually holds a handful of records: they
   * are read in index order and sorted here; a range holding more than the cap is walked best first
   * in its four-character group (bounded), or sorted by SQLite when its records rank low there.
   */
  private memoryCandidates(s: Statements, user: number, endpoint: ListEndpoint, { q, hi, chars, group }: Prefix): MemoryCandidate[] {
    if (chars <= SHORT_PREFIX_CHARS) return (s.short[chars - 1]!.all(user, endpoint, ALL_FIELDS, q, q) as MemoryRow[]).map(toMemory);
    let rows = s.long.all(user, endpoint, ALL_FIELDS, q, hi) as MemoryRow[];
    if (rows.length <= MEMORY_CAP) rows.sort(byRank);
    else {
      rows = s.longWalk.all(user, endpoint, ALL_FIELDS, group, q, hi) as MemoryRow[];
      if (rows.length < MEMORY_CAP) rows = s.longSorted.all(user, endpoint, ALL_FIELDS, q, hi) as MemoryRow[];
    }
    return rows.map(toMemory);
  }

  /**
   * Best terms per indexed field, each field with its own cap, from the active generation's tables
   * (read in this snapshot). A precomputed prefix is one seek; a small prefix range
   * (≤ LARGE_PREFIX_TERMS terms) is read whole; otherwise one statement of index seeks per field
   * and score level. All three choose by the same rule (term-select.ts).
   */
  private indexCandidates(endpoint: ListEndpoint, q: string, hi: string): IndexCandidate[] {
    const gen = remembered(this.perSnapshot.activeGen, endpoint, () => this.stmts!.activeGen.get(endpoint) as number);
    const s = this.termStatements(endpoint, gen);
    let picks = s.pre.all(q) as TermPick[];
    if (!picks.length) {
      picks = s.range.all(q, hi) as TermPick[];
      if (picks.length > LARGE_PREFIX_TERMS) picks = s.levels.all({ q, hi }) as TermPick[];
    }
    const out = topPerField(endpoint, picks).map((r) => ({ norm: r.norm, text: r.text, score: r.score / 1000 }));
    // Best score first; within a score the merge keeps field order, then the text order.
    return out.sort((x, y) => y.score - x.score);
  }

  /** Statements on one generation's tables; those of a generation swapped out are let go. */
  private termStatements(endpoint: ListEndpoint, gen: number) {
    let st = this.termStmts.get(endpoint);
    if (!st || st.gen !== gen) {
      const db = this.db!;
      const t = tablesOf(endpoint, gen);
      st = {
        gen,
        pre: db.prepare(`SELECT field, score, norm, text FROM ${t.top} WHERE prefix = ?`),
        range: db.prepare(`SELECT field, score, norm, text FROM ${t.terms} INDEXED BY ${t.terms}_norm WHERE norm > ? AND norm < ? LIMIT ${LARGE_PREFIX_TERMS + 1}`),
        levels: levelSeekStatement(db, endpoint, gen),
      };
      this.termStmts.set(endpoint, st);
    }
    return st;
  }

  private safePref(userId: number, now: number): boolean {
    return now < this.pausedUntil ? true : this.personalized(userId);
  }

  private statements() {
    if (this.stmts) return this.stmts;
    this.db = openCompletionRead(this.dataDir);
    // No memory map in the app's process: completion.db is derived data that may be truncated or
    // replaced under us, and a mapped read past the new end of the file is a SIGBUS that ends the
    // whole app (test/faults/truncate-under-reader.test.ts). Pages go through SQLite's cache.
    this.db.pragma('mmap_size = 0');
    this.db.pragma('cache_size = -65536');
    this.stmts = {
      pref: this.db.prepare('SELECT personalized FROM user_prefs WHERE user_id = ?'),
      activeGen: this.db.prepare('SELECT active_gen FROM endpoint_meta WHERE endpoint = ?').pluck(),
      dataVersion: this.db.prepare('PRAGMA data_version').pluck(),
      short: Array.from({ length: SHORT_PREFIX_CHARS }, (_, i) => this.db!.prepare(shortPrefixMemorySql(i + 1))),
      long: this.db.prepare(LONG_PREFIX_MEMORY_SQL),
      longWalk: this.db.prepare(LONG_PREFIX_WALK_MEMORY_SQL),
      longSorted: this.db.prepare(LONG_PREFIX_SORTED_MEMORY_SQL),
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
    if (isDamage(e)) this.onDamaged?.(e instanceof Error ? e.message : String(e));
  }

  /** The file was replaced (recovery.ts): drop the connection and read the new file at the next request. */
  resume(): void {
    this.close();
    this.pausedUntil = 0;
  }

  private stopSnapshotTimer(): void {
    if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
  }

  close(): void {
    this.stopSnapshotTimer();
    this.stmts = null;
    // data_version is per connection: a new one starts over.
    this.lastDataVersion = null;
    this.termStmts.clear();
    try {
      this.db?.close();
    } catch {
      /* already closed */
    }
    this.db = null;
  }
}
