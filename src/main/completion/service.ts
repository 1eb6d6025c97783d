// The completion service of the main process: the read path, the in-request writes (memory,
// feedback, preferences, entity sync, stale marking) and the CompletionHooks business writes call.
// Each call gets one lock budget of 100 ms (spec 000) shared by all its attempts, including the
// stale marker written when an entity sync fails; then the work goes to the maintenance worker's
// retry list. A completion failure never fails a business call. While a damaged completion.db is
// replaced (recovery.ts) the service is suspended: suggestions are empty and writes are skipped
// (the rebuild that follows recreates the index from lab.db).
import { type ListEndpoint, isListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import type { Logger } from '../logging';
import type { CompletionHooks } from '../completion-hooks';
import { AppError } from '../../shared/errors';
import { ALL_FIELDS } from './endpoints';
import { CompletionReader, type InlineQuery } from './reader';
import { emptySuggestion, type Suggestion } from './ranking';
import { isBusy, openCompletionWrite, REQUEST_LOCK_WAIT_MS } from './db';
import { markStaleInTx, syncEntitiesInTx } from './index-sync';
import { applyMemoryOpInTx, personalizedInTx, setPersonalizedInTx, type MemoryOp } from './memory-writes';
import type { RetryItem } from './maintenance.child';
import { isMaintenanceMode } from './maintenance-mode';
import { isDamage } from '../db/damage';
import { writeTransaction } from '../db/transaction';
import { setBusyTimeout } from '../db/connection';

export const IN_REQUEST_ATTEMPTS = 2;
/** More entities than this in one bulk call are not synced one by one: the endpoint is marked stale. */
export const BULK_SYNC_LIMIT = 500;

export interface CompletionServiceOptions {
  dataDir: string;
  /** lab.db connection of the main process (the facts the entity sync reads). */
  lab: Db;
  log: Logger;
  /** Hands failed writes to the maintenance worker's retry list. */
  retry: (item: RetryItem) => void;
  maintenanceMode?: boolean;
  clock?: () => number;
  /** How long one read snapshot serves requests (reader.ts SNAPSHOT_MAX_AGE_MS unless a test sets it). */
  snapshotMaxAgeMs?: number;
  /** The reader or a write found completion.db damaged (not busy): the app replaces the file. */
  onDamaged?: (error: string) => void;
}

export type WriteOutcome = 'written' | 'queued' | 'skipped';

/** The deadline of one call's lock budget (real time: the lock wait is real whatever `clock` says). */
const lockBudget = () => performance.now() + REQUEST_LOCK_WAIT_MS;

export class CompletionService {
  readonly reader: CompletionReader;
  readonly maintenanceMode: boolean;
  private writer: Db | null = null;
  private suspended = false;
  private readonly clock: () => number;

  constructor(private readonly o: CompletionServiceOptions) {
    this.maintenanceMode = o.maintenanceMode ?? isMaintenanceMode();
    this.clock = o.clock ?? Date.now;
    this.reader = new CompletionReader(o.dataDir, o.log, this.clock, o.snapshotMaxAgeMs, o.onDamaged);
  }

  /** completion.db is being replaced: close every connection to it and touch it no more until resume(). */
  suspend(): void {
    this.suspended = true;
    this.reader.close();
    this.dropWriter();
  }

  /** The new completion.db is in place: the next request opens it. */
  resume(): void {
    this.suspended = false;
    this.reader.resume();
  }

  inline(userId: number, q: InlineQuery): Suggestion {
    return this.suspended ? emptySuggestion(true) : this.reader.inline(userId, q);
  }

  getPreferences(userId: number): { personalized: boolean } {
    return { personalized: this.suspended || this.reader.personalized(userId) };
  }

  /** A direct user action: a busy database is reported (503), not queued. */
  setPreferences(userId: number, personalized: boolean): { personalized: boolean } {
    if (this.maintenanceMode) throw new AppError('unavailable', 'completion.maintenance');
    if (this.suspended) throw new AppError('unavailable', 'completion.busy');
    const ok = this.attempt('preferences', (db) => setPersonalizedInTx(db, userId, personalized, this.clock()), lockBudget());
    if (!ok) throw new AppError('unavailable', 'completion.busy');
    return { personalized };
  }

  recordSearch(userId: number, endpoint: string, field: string, query: string): WriteOutcome {
    if (field !== ALL_FIELDS || !isListEndpoint(endpoint)) return 'skipped';
    return this.memory({ kind: 'search', userId, endpoint, query, at: this.clock() });
  }

  feedback(userId: number, endpoint: string, field: string, query: string, accepted: boolean): WriteOutcome {
    if (field !== ALL_FIELDS || !isListEndpoint(endpoint)) return 'skipped';
    return this.memory({ kind: 'feedback', userId, endpoint, query, accepted, at: this.clock() });
  }

  private memory(op: MemoryOp): WriteOutcome {
    if (this.maintenanceMode || this.suspended || !op.query.trim()) return 'skipped';
    if (this.attempt(op.kind, (db) => applyMemoryOpInTx(db, op), lockBudget())) return 'written';
    this.o.retry({ kind: 'memory', op });
    return 'queued';
  }

  /** Single-entity sync (create, edit, status change, delete): rows replaced and version advanced in one transaction. */
  syncEntities(endpoint: ListEndpoint, ids: readonly number[]): WriteOutcome {
    if (this.maintenanceMode || this.suspended) return 'skipped';
    const deadline = lockBudget();
    if (this.attempt('entity sync', (db) => syncEntitiesInTx(db, this.o.lab, endpoint, ids), deadline)) return 'written';
    // The rows could not be replaced: a stale marker makes the worker rebuild the endpoint (in
    // this call only if budget is left, e.g. the sync failed for another reason than the lock).
    return this.markStale(endpoint, deadline);
  }

  /** Bulk paths whose coverage is unclear: stale + version advanced; the worker keeps it on failure. */
  markStale(endpoint: ListEndpoint, deadline = lockBudget()): WriteOutcome {
    if (this.maintenanceMode || this.suspended) return 'skipped';
    if (this.attempt('stale marker', (db) => markStaleInTx(db, endpoint), deadline)) return 'written';
    this.o.retry({ kind: 'stale', endpoint });
    return 'queued';
  }

  hooks(): CompletionHooks {
    return {
      entityChanged: (endpoint, id) => void this.syncEntities(endpoint, [id]),
      bulkChanged: (endpoint, ids) => void (ids && ids.length <= BULK_SYNC_LIMIT ? this.syncEntities(endpoint, ids) : this.markStale(endpoint)),
      searchSubmitted: (userId, endpoint, field, query) => void this.recordSearch(userId, endpoint, field, query),
    };
  }

  /** Whether the user's own memory is in use, read on the write connection (same rule as the writer). */
  personalizedForWrite(userId: number): boolean {
    try {
      return personalizedInTx(this.writeDb(), userId);
    } catch {
      return true;
    }
  }

  private writeDb(): Db {
    this.writer ??= openCompletionWrite(this.o.dataDir, REQUEST_LOCK_WAIT_MS);
    return this.writer;
  }

  /** Up to two attempts while the call's lock budget lasts; each waits for the lock only as long as is left. */
  private attempt(what: string, fn: (db: Db) => void, deadline: number): boolean {
    for (let i = 0; i < IN_REQUEST_ATTEMPTS; i++) {
      const left = Math.floor(deadline - performance.now());
      if (left <= 0) return false;
      try {
        const db = this.writeDb();
        setBusyTimeout(db, left);
        writeTransaction(db, () => fn(db));
      } catch (e) {
        this.o.log.warn({ what, attempt: i + 1, err: e instanceof Error ? e.message : String(e), code: (e as { code?: string }).code }, 'completion write failed');
        if (!isBusy(e)) this.dropWriter();
        if (isDamage(e)) {
          this.o.onDamaged?.(e instanceof Error ? e.message : String(e));
          return false;
        }
        continue;
      }
      this.reader.renew(); // outside the try: the write is committed and must not be retried
      return true;
    }
    return false;
  }

  private dropWriter(): void {
    try {
      this.writer?.close();
    } catch {
      /* ignore */
    }
    this.writer = null;
  }

  close(): void {
    this.reader.close();
    this.dropWriter();
  }
}
