// Composition root of the main-process services, shared by the Electron shell and browser mode:
// data directory → instance lock → logs → databases (migrated) → services → loopback server.
// The only place that knows every service: each handler group and service gets just what it uses.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { acquireInstanceLock, type InstanceLock } from './data-dir/instance-lock';
import { ensureDataDir } from './data-dir/resolve';
import { createLogger, type Logger } from './logging';
import { openDatabases, type Databases } from './db/databases';
import { EventBus } from './events';
import { sqliteLabData } from './stores/lab-data';
import { SettingsStore } from './settings';
import { applyLabTimeZone, computerTimeZone } from './lab-time-zone';
import { createRetryForwarder } from './completion/retry-forwarder';
import { createCompletionRecovery } from './completion/recovery';
import type { RetryItem } from './completion/maintenance.child';
import { WorkerSupervisor, type WorkerHandle } from './worker/supervisor';
import { createDispatcher, type Dispatcher } from './api/dispatch';
import { createHandlers } from './api/handlers';
import { createHttpServer, listen, PortInUseError } from './http/server';
import { cartImportRoutes } from './http/cart-import-routes';
import { APP_NAME, API_VERSION } from '../shared/app-info';
import type { AppInfo } from '../shared/contract';
import { BackupService } from './backup/backup-service';
import { runDbOp } from './backup/db-worker';
import { DATABASES } from './backup/layout';
import { backupBeforeMigration } from './backup/pre-migration';
import { completeInterruptedRestore } from './backup/restore-journal';
import { ensureSearchIndexes } from './records/search-index';
import { BatchStore } from './cart-import/batch-store';
import { ReferenceService } from './reference/reference-service';
import { ReferenceEditionService } from './reference/edition-service';
import { wire as wireAuth } from './auth';
import { wire as wireCompletion } from './completion';
import { wire as wireNotifications } from './notifications';
import { wire as wireRecords } from './records';
import { wire as wireStock } from './stock';
import { wire as wireLocations } from './locations';
import { wire as wireBulkImport } from './bulk-import';
import { wire as wireListExport } from './list-export';
import { wire as wireCartImport } from './cart-import';
import { wire as wireDashboard } from './dashboard';
import { wire as wireControlled } from './controlled';
import { wire as wireLabels } from './labels';
import { wire as wireStocktake } from './stocktake';
import { AppError } from '../shared/errors';
import { msg, type Message } from '../shared/messages';

export interface StartOptions {
  dataDir: string;
  mode: 'desktop' | 'browser';
  version: string;
  /** Overrides the port saved in settings (browser mode `--port`). */
  port?: number;
  rendererDir?: string;
  /** Starts the maintenance worker; omitted in unit tests. */
  spawnWorker?: (onOutput: (line: string, stream: 'stdout' | 'stderr') => void) => WorkerHandle;
  logToStdout?: boolean;
  /** Desktop mode keeps running when the port is taken (the UI says so); browser mode cannot. */
  failOnPortInUse?: boolean;
}

/** Every service that holds a database connection: built together, closed together, rebuilt by reopen. */
export type DataServices = ReturnType<typeof createDataServices>;

/** What the shell, browser mode and tests hold of the running app. */
export interface RunningApp {
  readonly dataDir: string;
  readonly mode: 'desktop' | 'browser';
  readonly version: string;
  readonly port: number;
  readonly log: Logger;
  readonly events: EventBus;
  readonly settings: SettingsStore;
  readonly worker: WorkerSupervisor | null;
  /** Stable across reopen: it calls the handler table of the current connections. */
  readonly dispatcher: Dispatcher;
  readonly http: FastifyInstance | null;
  readonly serverError: string | null;
  /** Backups, restore, retention and the daily automatic backup (src/main/backup). */
  readonly backups: BackupService;
  /** The latest cart-import batch handed over by the bridge page (src/main/cart-import). */
  readonly cartImport: BatchStore;
  /** The reference lists, from reference.db (src/main/reference); reloaded after a switch of edition and a restore. */
  readonly reference: ReferenceService;
  /** Newer editions of the reference lists: upload, preview, switch, revert (src/main/reference). */
  readonly referenceEditions: ReferenceEditionService;
  /** Adds a listener called after every switch of a reference list's edition (and after a restore). */
  onReferenceChanged(listener: () => void): void;
  /** The services on the current connections; after a restore or move, new objects. */
  readonly data: DataServices;
  appInfo(): AppInfo;
  /**
   * Restore and move: stops the worker, closes every connection, runs `swap` on the closed data
   * directory, then opens the databases again and rewires. Other calls meanwhile answer `unavailable`.
   */
  reopen(swap: () => void | Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The rooms on one set of connections, each wired by its own `wire` with what it uses. Audit and
 * completion come first (every room writes audit entries and tells completion what changed), then
 * the notifications (the records' order listener) and the records (the items other rooms act on).
 */
function createDataServices(dbs: Databases, events: EventBus, log: Logger, completionRetry: (item: RetryItem) => void, onCompletionDamaged: (error: string) => void) {
  const db = dbs.lab;
  const data = sqliteLabData(dbs.lab, dbs.labRead);
  const dataDir = path.dirname(db.name);
  const { completion, completionHooks } = wireCompletion({ dataDir, lab: db, log, retry: completionRetry, onDamaged: onCompletionDamaged });
  /** What every room on lab.db may be given. */
  const deps = { data, dataDir, hooks: completionHooks, events, log };
  const notifications = wireNotifications(deps);
  const records = wireRecords({ ...deps, orderChanged: (c) => notifications.orderChanged(c) });
  return {
    dbs,
    /** lab.db behind the asynchronous seam (stores/lab-data.ts), for what reads it without a service (the audit list). */
    labData: data,
    auth: wireAuth(deps),
    /** Inline search completion: read path, memory, preferences, entity index sync (src/main/completion). */
    completion,
    /** After-commit hooks of every business write (spec 000); never throw. */
    completionHooks,
    /** The in-app notification centre, told of order steps by the records (src/main/notifications). */
    notifications,
    /** Inventory, reagent and consumable orders (src/main/records). */
    records,
    stock: wireStock(deps),
    locations: wireLocations(deps),
    bulkImport: wireBulkImport(deps),
    listExport: wireListExport(deps),
    /** Cart-sync and the batch's submitted items; the batch itself is `RunningApp.cartImport`. */
    cartReview: wireCartImport(deps),
    dashboard: wireDashboard(deps),
    controlled: wireControlled(deps),
    labels: wireLabels(deps),
    stocktake: wireStocktake(deps),
  };
}

/**
 * completion.db was moved aside (at start, or while running: completion/recovery.ts): said once,
 * in the log (the browser-mode console shows warnings too) and as a notice of app info.
 */
function completionMovedAside(log: Logger, notices: Message[]) {
  return ({ movedTo, error }: { movedTo: string; error: string }) => {
    log.warn({ movedTo, err: error }, `completion.db was damaged (${error}); it was moved to ${movedTo} and search completion is being rebuilt from your records`);
    notices.push(msg('completion.rebuilt', { path: movedTo }));
  };
}

function openDataDir(dataDir: string, log: Logger, notices: Message[] = []): Databases {
  return openDatabases(dataDir, {
    beforeMigrate: (p) => {
      log.info({ lab: p.lab.map((m) => m.version), completion: p.completion.map((m) => m.version) }, 'migrating databases');
      // Refuses the migration (the app does not start) when the backup fails: data stays untouched.
      backupBeforeMigration(dataDir, log);
    },
    onCompletionDamaged: completionMovedAside(log, notices),
    // Derived from the record rows, so a damaged one is rebuilt rather than refused.
    afterMigrate: (lab) => {
      for (const { table, problem } of ensureSearchIndexes(lab)) log.warn({ table, problem }, `the list search index of ${table} was rebuilt (${problem})`);
    },
  });
}

/** Reads that explain the state after a move; everything else waits for the restart. */
const AFTER_MOVE = new Set(['appInfo', 'dataStatus', 'me', 'setupStatus', 'logout']);

/** Step 1: the data directory, its lock, the log and the migrated databases (the lock is let go if they fail). */
function openData(opts: StartOptions): { lock: InstanceLock; log: Logger; dbs: Databases; notices: Message[] } {
  ensureDataDir(opts.dataDir);
  const lock = acquireInstanceLock(opts.dataDir, { mode: opts.mode });
  const notices: Message[] = [];
  const log = createLogger(opts.dataDir, { stdout: opts.logToStdout });
  try {
    completeInterruptedRestore(opts.dataDir, log);
    return { lock, log, dbs: openDataDir(opts.dataDir, log, notices), notices };
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** The maintenance worker (absent in unit tests); its own stdout/stderr lines land in our log too. */
function superviseWorker(opts: StartOptions, log: Logger): WorkerSupervisor | null {
  if (!opts.spawnWorker) return null;
  const output = (line: string, stream: 'stdout' | 'stderr') => log[stream === 'stderr' ? 'warn' : 'info']({ worker: 'maintenance' }, line);
  return new WorkerSupervisor(() => opts.spawnWorker!(output), log);
}

/**
 * Step 2, the gate: while files are swapped nothing runs; after a move only reads that explain the
 * state do, so no write lands in the old directory the next start will no longer use.
 */
function gate(reopening: () => boolean, backups: BackupService, inner: () => Dispatcher): { unavailable: (name: string) => Message | null; dispatcher: Dispatcher } {
  const unavailable = (name: string): Message | null =>
    reopening() ? msg('api.reopening') : backups.movedTo && !AFTER_MOVE.has(name) ? msg('api.movedRestart', { path: backups.movedTo }) : null;
  const dispatcher: Dispatcher = {
    call: (name, input, session, transport) => {
      const why = unavailable(name);
      return why ? Promise.resolve({ ok: false, error: AppError.of('unavailable', why).toBody() }) : inner().call(name, input, session, transport);
    },
  };
  return { unavailable, dispatcher };
}

/** Step 4: the loopback server. A taken port is reported (desktop keeps running) or fatal (browser mode). */
async function serveLoopback(opts: StartOptions, app: RunningApp, routes: Parameters<typeof createHttpServer>[0]['routes'], close: () => Promise<void>): Promise<{ http: FastifyInstance | null; serverError: string | null }> {
  try {
    const server = await createHttpServer({ port: app.port, mode: opts.mode, version: opts.version, dispatcher: app.dispatcher, events: app.events, userForToken: (t) => app.data.auth.userForToken(t), log: app.log, rendererDir: opts.rendererDir, routes });
    await listen(server, app.port);
    app.log.info({ port: app.port, mode: opts.mode, dataDir: opts.dataDir }, 'local server listening');
    return { http: server, serverError: null };
  } catch (e) {
    if (!(e instanceof PortInUseError) || opts.failOnPortInUse) {
      if (e instanceof PortInUseError) app.log.error({ port: app.port }, e.message);
      await close();
      throw e;
    }
    app.log.error({ port: app.port }, e.message);
    return { http: null, serverError: e.message };
  }
}

type Wired = { data: DataServices; dispatcher: Dispatcher };

/**
 * The data services over the current connections: replaced as a whole by `reopen` (restore, move),
 * and completion.db recovered in place while the app runs (completion/recovery.ts).
 */
function dataLifecycle(d: {
  opts: StartOptions;
  log: Logger;
  events: EventBus;
  notices: Message[];
  worker: WorkerSupervisor | null;
  completionRetry: (item: RetryItem) => void;
  dbs: Databases;
  wire: (data: DataServices) => Wired;
}) {
  let reopening = false;
  const recovery = createCompletionRecovery({
    dataDir: d.opts.dataDir,
    log: d.log,
    worker: d.worker,
    current: () => ({ dbs: current.data.dbs, completion: current.data.completion }),
    stopWorker,
    onMoved: (info) => {
      completionMovedAside(d.log, d.notices)(info);
      // The window already read app info: it reads it again to show the notice.
      d.events.emit({ type: 'app-info-changed' });
    },
    reopening: () => reopening,
  });
  d.worker?.onMessage((m) => {
    if (m.type === 'completionDamaged') recovery.recover(m.error);
  });

  /** The current wiring; only `reopen` replaces it, as a whole. */
  let current = d.wire(createDataServices(d.dbs, d.events, d.log, d.completionRetry, recovery.recover));

  async function reopen(swap: () => void | Promise<void>): Promise<void> {
    if (reopening) throw new Error('The data directory is already being restored or moved.');
    reopening = true;
    try {
      await recovery.settled();
      if (d.worker) await stopWorker(d.worker);
      // Closing the last connection copies the write-ahead log into the file and syncs it on this
      // thread (after a big import, 100 MB: hundreds of ms without answering). Do it in the
      // database worker first; nothing writes meanwhile (requests are refused while reopening).
      await Promise.all(DATABASES.map((f) => runDbOp('foldLog', path.join(d.opts.dataDir, f)).catch(() => undefined)));
      current.data.dbs.close();
      current.data.completion.close();
      try {
        await swap();
      } finally {
        current = d.wire(createDataServices(openDataDir(d.opts.dataDir, d.log, d.notices), d.events, d.log, d.completionRetry, recovery.recover));
        d.worker?.start();
      }
    } finally {
      reopening = false;
    }
  }

  return { recovery, reopen, current: () => current, reopening: () => reopening };
}

/** What the handler table takes beside the data services; the same objects across a reopen. */
interface HandlerContext {
  settings: SettingsStore;
  log: Logger;
  appInfo: () => AppInfo;
  port: number;
  applyTimeZone: () => void;
  backups: BackupService;
  cartImport: BatchStore;
  reference: ReferenceService;
  referenceEditions: ReferenceEditionService;
  dataDir: string;
}

/** The handler table over one set of data services, each group given only what it calls, and its dispatcher. */
function wireHandlers(data: DataServices, c: HandlerContext): Wired {
  const { settings, log } = c;
  const handlers = createHandlers({
    auth: { auth: data.auth, settings, log, appInfo: c.appInfo, port: c.port, settingsChanged: c.applyTimeZone },
    data: { backups: c.backups },
    records: { records: data.records, hooks: data.completionHooks, log, cartImport: c.cartImport, dashboard: data.dashboard, settings },
    stock: { stock: data.stock },
    locations: { locations: data.locations },
    bulkImport: { imports: data.bulkImport },
    listExport: { listExport: data.listExport },
    cart: { review: data.cartReview, cartImport: c.cartImport },
    completion: { completion: data.completion },
    audit: { data: data.labData },
    dashboard: { dashboard: data.dashboard, settings },
    controlled: { controlled: data.controlled },
    labels: { labels: data.labels },
    stocktake: { stocktake: data.stocktake },
    notifications: { notifications: data.notifications },
    reference: { reference: c.reference, editions: c.referenceEditions },
  });
  return { data, dispatcher: createDispatcher(handlers, (t) => data.auth.userForToken(t), log, c.dataDir) };
}

/** open data → gate → rooms (the handler table over the data services) → loopback server. */
export async function startServices(opts: StartOptions): Promise<RunningApp> {
  const { lock, log, dbs, notices } = openData(opts);
  let reference: ReferenceService;
  try {
    reference = new ReferenceService({ dataDir: opts.dataDir, log });
  } catch (e) {
    dbs.close();
    lock.release();
    throw e;
  }
  const settings = new SettingsStore(opts.dataDir, log);
  const events = new EventBus();
  /** The saved time zone takes effect: at start, after a change, after a restore brought its own settings. */
  const applyTimeZone = () => {
    applyLabTimeZone(settings.read().timeZone);
    events.emit({ type: 'app-info-changed' });
  };
  applyLabTimeZone(settings.read().timeZone);
  const port = opts.port ?? settings.read().port;
  const worker = superviseWorker(opts, log);
  const completionRetry = createRetryForwarder(() => worker, log);
  const cartImport = new BatchStore(opts.dataDir, events, log);
  /** Who follows a switch of a reference list's edition; called after every switch, revert and restore (may be none). */
  const referenceListeners: Array<() => void> = [];
  const referenceChanged = () => {
    for (const listener of referenceListeners) {
      try {
        listener();
      } catch (e) {
        log.error({ err: e instanceof Error ? e.message : String(e) }, 'a referenceChanged listener failed');
      }
    }
  };
  const referenceEditions = new ReferenceEditionService({ dataDir: opts.dataDir, reference, lab: () => lifecycle.current().data.labData, events, log, referenceChanged });
  /** After a restore: its settings' time zone, and the editions it brought (reference.db built again when they differ). */
  const afterReopen = () => {
    applyTimeZone();
    referenceEditions.reopened();
  };
  const backups = new BackupService({ dataDir: opts.dataDir, version: opts.version, log, settings, reopen: (swap) => lifecycle.reopen(swap).finally(afterReopen) });
  let http: FastifyInstance | null = null;
  let serverError: string | null = null;
  const appInfo = (): AppInfo => ({
    appName: APP_NAME,
    version: opts.version,
    apiVersion: API_VERSION,
    mode: opts.mode,
    dataDir: opts.dataDir,
    port,
    serverError,
    notices,
    worker: { state: worker?.state ?? 'stopped', restarts: worker?.restarts ?? 0, lastHealthAt: worker?.lastHealthAt ?? null },
    timeZone: { setting: settings.read().timeZone, computer: computerTimeZone() },
  });

  /** Step 3, the rooms: the handler table and dispatcher over one set of data services. */
  const wire = (data: DataServices) => wireHandlers(data, { settings, log, appInfo, port, applyTimeZone, backups, cartImport, reference, referenceEditions, dataDir: opts.dataDir });
  const lifecycle = dataLifecycle({ opts, log, events, notices, worker, completionRetry, dbs, wire });
  const { recovery, reopen } = lifecycle;
  const { unavailable, dispatcher } = gate(lifecycle.reopening, backups, () => lifecycle.current().dispatcher);

  async function close(): Promise<void> {
    backups.stop();
    await recovery.settled();
    worker?.stop();
    await http?.close();
    lifecycle.current().data.completion.close();
    lifecycle.current().data.dbs.close();
    reference.close();
    lock.release();
    log.flush?.();
  }

  const app: RunningApp = {
    dataDir: opts.dataDir,
    mode: opts.mode,
    version: opts.version,
    port,
    log,
    events,
    settings,
    worker,
    dispatcher,
    get http() {
      return http;
    },
    get serverError() {
      return serverError;
    },
    backups,
    cartImport,
    reference,
    referenceEditions,
    onReferenceChanged: (listener) => void referenceListeners.push(listener),
    get data() {
      return lifecycle.current().data;
    },
    appInfo,
    reopen,
    close,
  };

  ({ http, serverError } = await serveLoopback(opts, app, [cartImportRoutes(cartImport, opts.mode, log, () => unavailable('cartImportHandoff'))], close));
  worker?.start();
  backups.startSchedule();
  return app;
}

/** Stops the maintenance worker and waits (bounded) until its process has exited. */
async function stopWorker(worker: WorkerSupervisor): Promise<void> {
  worker.stop();
  for (let i = 0; i < 100 && worker.state !== 'stopped'; i++) await new Promise((r) => setTimeout(r, 50));
}

export function rendererDirNextTo(mainDir: string): string {
  return path.join(mainDir, '..', 'renderer');
}
