// The read path of GET /api/search-completions/inline (spec 000 endpoint rules 1–5): one read-only
// connection with a 100 ms lock wait, one read snapshot for preference, memory and entity terms;
// never writes, never rebuilds. A snapshot serves the requests of up to SNAPSHOT_MAX_AGE_MS and
// is renewed at once after this process's own completion writes (the service calls renew()).
// When completion.db is unavailable it answers empty, logs `Completion unavailable` and does not
// try again for 5 seconds; a damaged file is reported to the app as well, which replaces it
// (recovery.ts) and lets the reader open the new one at once (resume()).
import { type ListEndpoint, isListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import type { Logger } from '../logging';
import { normalizeSearchTerm } from '../../shared/normalize';
import { ALL_FIELDS, GLOBAL_USER } from './endpoints';
import { emptySuggestion, rank, type IndexCandidate, type MemoryCandidate, type Suggestion } from './ranking';
import { levelsOf, MAX_CHAR, topPerField } from './term-select';
export { FIELD_CAP } from './term-select';
import { isUnavailable, openCompletionRead } from './db';
import { isDamage } from '../db/damage';
import { SHORT_PREFIX_CHARS } from '../db/completion-schema';
import { dataVersion, setCacheSize, setMmapSize } from '../db/connection';
import { beginTransaction, endTransaction } from '../db/transaction';
import { isPersonalized } from './memory-writes';
import { MEMORY_CAP, searchMemoryStore, type MemoryRow, type SearchMemoryReads } from '../stores/completion/search-memory-store';
import { endpointMetaStore, type EndpointMetaReads } from '../stores/completion/endpoint-meta-store';
import { userPrefsStore, type UserPrefsReads } from '../stores/completion/user-prefs-store';
import { entityIndexStore, type EntityIndexReads } from '../stores/completion/entity-index-store';
export { MEMORY_CAP, WALK_LIMIT } from '../stores/completion/search-memory-store';

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

export interface InlineQuery {
  endpoint: string;
  field: string;
  q: string;
}

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

/** The stores the read path uses, made once per connection (their statements are prepared once). */
interface ReadStores {
  prefs: UserPrefsReads;
  meta: EndpointMetaReads;
  memory: SearchMemoryReads;
  index: EntityIndexReads;
}

export class CompletionReader {
  private db: Db | null = null;
  private pausedUntil = 0;
  private stores: ReadStores | null = null;
  /** performance.now() at which the open read snapshot ends (a real clock, not the injected one). */
  private snapshotEnds = 0;
  private snapshotTimer: NodeJS.Timeout | null = null;
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
      if (this.db) endTransaction(this.db, true);
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
    this.readStores(); // (re)opens the connection, also when renew() had to drop it
    const db = this.db!;
    if (!db.inTransaction) {
      beginTransaction(db);
      for (const memo of Object.values(this.perSnapshot)) memo.clear();
      const began = performance.now();
      const result = fn();
      // Read after fn(): a deferred BEGIN takes its snapshot at the first read.
      const version = dataVersion(db);
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
    return remembered(this.perSnapshot.personalized, userId, () => isPersonalized(this.stores!.prefs, userId));
  }

  /** Everything the ranking looks at, read inside one read transaction (one snapshot). */
  private read(userId: number, endpoint: ListEndpoint, typed: string, q: string, now: number): Suggestion {
    const s = this.stores!.memory;
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
  private memoryCandidates(s: SearchMemoryReads, user: number, endpoint: ListEndpoint, { q, hi, chars, group }: Prefix): MemoryCandidate[] {
    if (chars <= SHORT_PREFIX_CHARS) return s.shortPrefix(chars, user, endpoint, ALL_FIELDS, q).map(toMemory);
    let rows = s.longPrefix(user, endpoint, ALL_FIELDS, q, hi);
    if (rows.length <= MEMORY_CAP) rows.sort(byRank);
    else {
      rows = s.bestInGroup(user, endpoint, ALL_FIELDS, group, q, hi);
      if (rows.length < MEMORY_CAP) rows = s.bestInRange(user, endpoint, ALL_FIELDS, q, hi);
    }
    return rows.map(toMemory);
  }

  /**
   * Best terms per indexed field, each field with its own cap, from the active generation's tables
   * (read in this snapshot). The store reads a precomputed prefix in one seek, a small prefix range
   * whole, a larger one by index seeks per field and score level; the same rule (term-select.ts)
   * chooses from any of them.
   */
  private indexCandidates(endpoint: ListEndpoint, q: string, hi: string): IndexCandidate[] {
    const { meta, index } = this.stores!;
    const gen = remembered(this.perSnapshot.activeGen, endpoint, () => meta.activeGen(endpoint));
    const out = topPerField(endpoint, index.termsUnder(endpoint, gen, q, hi)).map((r) => ({ norm: r.norm, text: r.text, score: r.score / 1000 }));
    // Best score first; within a score the merge keeps field order, then the text order.
    return out.sort((x, y) => y.score - x.score);
  }

  private safePref(userId: number, now: number): boolean {
    return now < this.pausedUntil ? true : this.personalized(userId);
  }

  private readStores(): ReadStores {
    if (this.stores) return this.stores;
    this.db = openCompletionRead(this.dataDir);
    // No memory map in the app's process: completion.db is derived data that may be truncated or
    // replaced under us, and a mapped read past the new end of the file is a SIGBUS that ends the
    // whole app (test/faults/truncate-under-reader.test.ts). Pages go through SQLite's cache.
    setMmapSize(this.db, 0);
    setCacheSize(this.db, 65_536);
    this.stores = { prefs: userPrefsStore(this.db), meta: endpointMetaStore(this.db), memory: searchMemoryStore(this.db), index: entityIndexStore(this.db, levelsOf) };
    return this.stores;
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
    this.stores = null;
    // data_version is per connection: a new one starts over.
    this.lastDataVersion = null;
    try {
      this.db?.close();
    } catch {
      /* already closed */
    }
    this.db = null;
  }
}
