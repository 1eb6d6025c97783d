// Completion maintenance, run inside the maintenance worker process (never on the main thread):
// start-up check + legacy migration, marking every endpoint stale at process start, the 5 s stale
// check, rebuilds under the cross-process lock with back-off, the retry list of writes that failed
// inside requests, and hourly pruning. All writes here wait up to 3 s for the write lock.
// MAINTENANCE_MODE=on pauses initialization and rebuilds and writes nothing.
import { LIST_ENDPOINTS, type ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { openDatabase } from '../db/open';
import type { Logger } from '../logging';
import { BACKGROUND_LOCK_WAIT_MS, completionPath, labPath } from './db';
import { markStaleInTx } from './index-sync';
import { applyMemoryOpInTx, type MemoryOp } from './memory-writes';
import { rebuildEndpoint, type RebuildOptions, type RebuildResult } from './rebuild.child';
import { RebuildLock } from './rebuild-lock';
import { pruneMemory, type PruneResult } from './prune.child';
import { startupCheck, upgradeAndMigrateLegacy } from './legacy.child';
import { isDamage } from '../db/damage';
import { writeTransaction } from '../db/transaction';
import { setCacheSize, setJournalSizeLimit, setMmapSize } from '../db/connection';
import { endpointMetaStore } from '../stores/completion/endpoint-meta-store';
import { isMaintenanceMode } from './maintenance-mode';

export const STALE_CHECK_INTERVAL_MS = 5000;
export const REBUILD_BACKOFF_S = [5, 10, 20, 40, 60] as const;

/** Work that failed inside a request and is finished here (spec: "after two failures the background retries"). */
export type RetryItem = { kind: 'stale'; endpoint: ListEndpoint } | { kind: 'memory'; op: MemoryOp };

export interface MaintenanceOptions {
  maintenanceMode?: boolean;
  clock?: () => number;
  lockWaitMs?: number;
  rebuild?: Omit<RebuildOptions, 'force'>;
  /**
   * completion.db is damaged (not busy): the main process moves it aside, recreates it and starts
   * a new worker (completion/recovery.ts). Called once; this instance does no more work after it.
   */
  onDamaged?: (error: string) => void;
}

export type RebuildAttempt = RebuildResult | { endpoint: ListEndpoint; outcome: 'locked' | 'failed' | 'backoff' | 'paused'; error?: string };

export class CompletionMaintenance {
  private db: Db | null = null;
  private lab: Db | null = null;
  initialized = false;
  private readonly retries: RetryItem[] = [];
  private readonly failures = new Map<ListEndpoint, { count: number; nextAt: number }>();
  private busy = false;
  /** The file was found damaged and reported: retrying every 5 s cannot mend it, the app replaces it. */
  private damaged = false;
  readonly maintenanceMode: boolean;
  private readonly clock: () => number;

  constructor(
    private readonly dataDir: string,
    private readonly log: Logger,
    private readonly opts: MaintenanceOptions = {},
  ) {
    this.maintenanceMode = opts.maintenanceMode ?? isMaintenanceMode();
    this.clock = opts.clock ?? Date.now;
  }

  private conn(): { db: Db; lab: Db } {
    if (!this.db) {
      this.db = openDatabase(completionPath(this.dataDir), { busyTimeoutMs: this.opts.lockWaitMs ?? BACKGROUND_LOCK_WAIT_MS });
      // A rebuild touches index pages all over the file: keep them in memory between batches, and
      // read the rest through the memory map rather than a system call per page.
      setCacheSize(this.db, 262_144);
      setMmapSize(this.db, 1_073_741_824);
      // A rebuild starts the log over many times; cutting the file back to the size limit each
      // time and growing it again slowed the rebuild (15.4 s with a reader, docs/completion.md).
      // The app's own writer cuts it back later, at its first write after the rebuild (db/open.ts).
      setJournalSizeLimit(this.db, -1);
    }
    this.lab ??= openDatabase(labPath(this.dataDir), { readonly: true, busyTimeoutMs: this.opts.lockWaitMs ?? BACKGROUND_LOCK_WAIT_MS });
    return { db: this.db, lab: this.lab };
  }

  /**
   * Process start: read-only check first, the upgrade only if it fails; then every endpoint is
   * marked stale so a rebuild recovers updates missed while the app was down. Failures log
   * `Completion initialization failed` and are retried on the next tick; the app stays usable.
   */
  initialize(): boolean {
    if (this.maintenanceMode || this.damaged) return false;
    if (this.initialized) return true;
    try {
      const { db, lab } = this.conn();
      const check = startupCheck(db);
      if (!check.ok) {
        const r = upgradeAndMigrateLegacy(db, lab, this.clock());
        this.log.info({ problems: check.problems, ...r }, 'completion upgrade done');
      }
      writeTransaction(db, () => endpointMetaStore(db).markAllStale());
      this.initialized = true;
      return true;
    } catch (e) {
      if (this.reportDamage(e)) return false;
      this.log.error({ err: errText(e) }, 'Completion initialization failed');
      this.dropConnections();
      return false;
    }
  }

  enqueue(item: RetryItem): void {
    if (this.maintenanceMode) return;
    if (item.kind === 'stale' && this.retries.some((r) => r.kind === 'stale' && r.endpoint === item.endpoint)) return;
    this.retries.push(item);
  }

  get retryList(): readonly RetryItem[] {
    return this.retries;
  }

  /** Writes left over from requests; what still fails stays in the list. */
  processRetries(): void {
    if (this.maintenanceMode || this.damaged || !this.retries.length) return;
    const { db } = this.conn();
    const pending = this.retries.splice(0);
    for (const item of pending) {
      try {
        writeTransaction(db, () => (item.kind === 'stale' ? markStaleInTx(db, item.endpoint) : applyMemoryOpInTx(db, item.op)));
      } catch (e) {
        if (this.reportDamage(e)) return;
        this.log.warn({ err: errText(e), item: item.kind }, 'completion retry failed; kept in the retry list');
        this.retries.push(item);
      }
    }
  }

  /** One maintenance round: init, retries, stale check → rebuilds, pruning. Never throws. */
  async tick(): Promise<RebuildAttempt[]> {
    if (this.maintenanceMode || this.busy) return [];
    this.busy = true;
    try {
      if (!this.initialize()) return [];
      try {
        this.processRetries();
      } catch (e) {
        if (!this.reportDamage(e)) this.log.warn({ err: errText(e) }, 'completion retry list could not run');
      }
      const stale = this.staleEndpoints();
      const out = stale.length ? await this.rebuild(stale) : [];
      if (this.damaged) return out;
      try {
        const p: PruneResult = pruneMemory(this.conn().db, this.clock());
        if (p.ran) this.log.info(p, 'search memory pruned');
      } catch (e) {
        if (!this.reportDamage(e)) this.log.warn({ err: errText(e) }, 'search memory pruning failed');
      }
      return out;
    } finally {
      this.busy = false;
    }
  }

  staleEndpoints(): ListEndpoint[] {
    if (this.damaged) return [];
    try {
      const { db } = this.conn();
      const meta = endpointMetaStore(db);
      return LIST_ENDPOINTS.filter((e) => meta.get(e).stale);
    } catch (e) {
      if (this.reportDamage(e)) return [];
      this.log.warn({ err: errText(e) }, 'completion stale check failed');
      this.dropConnections();
      return [];
    }
  }

  /**
   * Rebuilds the given endpoints (all by default). Takes the non-blocking cross-process lock,
   * re-checks stale after taking it, respects the failure back-off unless forced.
   */
  async rebuild(endpoints: readonly ListEndpoint[] = LIST_ENDPOINTS, opts: { force?: boolean } = {}): Promise<RebuildAttempt[]> {
    if (this.maintenanceMode) return endpoints.map((endpoint) => ({ endpoint, outcome: 'paused' as const }));
    if (this.damaged) return endpoints.map((endpoint) => ({ endpoint, outcome: 'failed' as const, error: 'completion.db is damaged' }));
    const now = this.clock();
    const due = endpoints.filter((e) => opts.force || (this.failures.get(e)?.nextAt ?? 0) <= now);
    const out: RebuildAttempt[] = endpoints.filter((e) => !due.includes(e)).map((endpoint) => ({ endpoint, outcome: 'backoff' as const }));
    if (!due.length) return out;
    let lock: RebuildLock | null;
    try {
      lock = RebuildLock.tryAcquire(this.dataDir);
    } catch (e) {
      this.log.error({ err: errText(e) }, 'Completion rebuild failed');
      return [...out, ...due.map((endpoint) => ({ endpoint, outcome: 'failed' as const, error: errText(e) }))];
    }
    if (!lock) return [...out, ...due.map((endpoint) => ({ endpoint, outcome: 'locked' as const }))];
    try {
      for (const endpoint of due) {
        try {
          const { db, lab } = this.conn();
          // Stale is checked again inside rebuildEndpoint, now that we hold the lock.
          const r = await rebuildEndpoint(db, lab, endpoint, { ...this.opts.rebuild, force: opts.force });
          this.failures.delete(endpoint);
          if (r.outcome !== 'fresh') this.log.info({ ...r }, `completion rebuild ${r.outcome}`);
          out.push(r);
        } catch (e) {
          if (this.reportDamage(e)) {
            out.push({ endpoint, outcome: 'failed', error: errText(e) });
            break;
          }
          const f = this.failures.get(endpoint) ?? { count: 0, nextAt: 0 };
          const delayS = REBUILD_BACKOFF_S[Math.min(f.count, REBUILD_BACKOFF_S.length - 1)]!;
          this.failures.set(endpoint, { count: f.count + 1, nextAt: this.clock() + delayS * 1000 });
          this.log.error({ endpoint, err: errText(e), retryInS: delayS }, 'Completion rebuild failed');
          this.dropConnections();
          out.push({ endpoint, outcome: 'failed', error: errText(e) });
        }
      }
    } finally {
      lock.release();
    }
    return out;
  }

  /** Seconds until the next retry of a failed endpoint (for tests and status). */
  backoff(endpoint: ListEndpoint): { count: number; nextAt: number } | null {
    return this.failures.get(endpoint) ?? null;
  }

  /**
   * A damaged completion.db (SQLite says corrupt / not a database): drop the connections, say so
   * once and hand it to the app, which replaces the file. False for any other failure.
   */
  private reportDamage(e: unknown): boolean {
    if (!isDamage(e)) return false;
    this.dropConnections();
    if (this.damaged) return true;
    this.damaged = true;
    this.log.error({ err: errText(e) }, 'completion.db is damaged; the app moves it aside and rebuilds it');
    this.opts.onDamaged?.(errText(e));
    return true;
  }

  private dropConnections(): void {
    for (const d of [this.db, this.lab]) {
      try {
        d?.close();
      } catch {
        /* ignore */
      }
    }
    this.db = null;
    this.lab = null;
  }

  close(): void {
    this.dropConnections();
  }
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
