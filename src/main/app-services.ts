// Composition root of the main-process services, shared by the Electron shell and browser mode:
// data directory → instance lock → logs → databases (migrated) → services → loopback server.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { acquireInstanceLock, type InstanceLock } from './data-dir/instance-lock';
import { ensureDataDir } from './data-dir/resolve';
import { createLogger, type Logger } from './logging';
import { openDatabases, type Databases } from './db/databases';
import { AuditLog } from './audit/audit-log';
import { AuthService } from './auth/auth-service';
import { EventBus } from './events';
import { SettingsStore } from './settings';
import { safeHooks, type CompletionHooks } from './completion-hooks';
import { CompletionService } from './completion/service';
import { createRetryForwarder } from './completion/retry-forwarder';
import type { RetryItem } from './completion/maintenance';
import { WorkerSupervisor, type WorkerHandle } from './worker/supervisor';
import { createDispatcher, type Dispatcher } from './api/dispatch';
import { createHandlers, type HandlerTable } from './api/handlers';
import { createHttpServer, listen, PortInUseError } from './http/server';
import { APP_NAME, API_VERSION } from '../shared/app-info';
import type { AppInfo } from '../shared/contract';
import { BackupService } from './backup/backup-service';
import { backupBeforeMigration } from './backup/pre-migration';
import { completeInterruptedRestore } from './backup/restore-journal';
import { createRecordsServices, liveRecordsDeps, type RecordsServices } from './records';
import { BatchStore } from './cart-import/batch-store';
import { cartImportRoutes } from './cart-import/routes';

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

export interface AppServices {
  dataDir: string;
  mode: 'desktop' | 'browser';
  version: string;
  port: number;
  log: Logger;
  dbs: Databases;
  audit: AuditLog;
  auth: AuthService;
  events: EventBus;
  settings: SettingsStore;
  /** After-commit hooks of every business write (spec 000); never throw. */
  completionHooks: CompletionHooks;
  /** Inline search completion: read path, memory, preferences, entity index sync (src/main/completion). */
  completion: CompletionService;
  worker: WorkerSupervisor | null;
  dispatcher: Dispatcher;
  http: FastifyInstance | null;
  serverError: string | null;
  /** Backups, restore, retention and the daily automatic backup (src/main/backup). */
  backups: BackupService;
  /** Inventory, reagent and consumable orders (src/main/records). */
  records: RecordsServices;
  /** The latest cart-import batch handed over by the bridge page (src/main/cart-import). */
  cartImport: BatchStore;
  appInfo(): AppInfo;
  /**
   * Restore and move: stops the worker, closes every connection, runs `swap` on the closed data
   * directory, then opens the databases again and rebuilds every connection-holding service.
   * Other API calls meanwhile answer `unavailable`.
   */
  reopen(swap: () => void | Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every service that holds a database connection is built here, in one place, so that `reopen`
 * (restore, move) can build them again on fresh connections. Add new ones here, not inline below.
 */
function createDataServices(dbs: Databases, log: Logger, completionRetry: (item: RetryItem) => void) {
  const audit = new AuditLog(dbs.lab);
  const auth = new AuthService(dbs.lab, audit);
  const completion = new CompletionService({ dataDir: path.dirname(dbs.lab.name), lab: dbs.lab, log, retry: completionRetry });
  return { dbs, audit, auth, completion, completionHooks: safeHooks(completion.hooks(), log) };
}

function openDataDir(dataDir: string, log: Logger, notices: string[] = []): Databases {
  return openDatabases(dataDir, {
    beforeMigrate: (p) => {
      log.info({ lab: p.lab.map((m) => m.version), completion: p.completion.map((m) => m.version) }, 'migrating databases');
      // Refuses the migration (the app does not start) when the backup fails: data stays untouched.
      backupBeforeMigration(dataDir, log);
    },
    // Said once, at the start that found it; the browser-mode console shows warnings too.
    onCompletionDamaged: ({ movedTo, error }) => {
      log.warn({ movedTo, err: error }, `completion.db was damaged (${error}); it was moved to ${movedTo} and search completion is being rebuilt from your records`);
      notices.push(`The search-completion data was damaged; it is being rebuilt from your records. The damaged file was kept in ${movedTo}.`);
    },
  });
}

export async function startServices(opts: StartOptions): Promise<AppServices> {
  ensureDataDir(opts.dataDir);
  const lock: InstanceLock = acquireInstanceLock(opts.dataDir, { mode: opts.mode });
  const notices: string[] = [];
  const log = createLogger(opts.dataDir, { stdout: opts.logToStdout });
  let dbs: Databases;
  try {
    completeInterruptedRestore(opts.dataDir, log);
    dbs = openDataDir(opts.dataDir, log, notices);
  } catch (e) {
    lock.release();
    throw e;
  }
  const settings = new SettingsStore(opts.dataDir, log);
  const events = new EventBus();
  // The worker's own stdout/stderr lines land in our log too (its structured logs come as messages).
  const workerOutput = (line: string, stream: 'stdout' | 'stderr') => log[stream === 'stderr' ? 'warn' : 'info']({ worker: 'maintenance' }, line);
  const worker = opts.spawnWorker ? new WorkerSupervisor(() => opts.spawnWorker!(workerOutput), log) : null;
  const completionRetry = createRetryForwarder(() => worker, log);

  const s: AppServices = {
    dataDir: opts.dataDir,
    mode: opts.mode,
    version: opts.version,
    port: opts.port ?? settings.read().port,
    log,
    ...createDataServices(dbs, log, completionRetry),
    events,
    settings,
    worker,
    dispatcher: null as unknown as Dispatcher,
    http: null,
    serverError: null,
    appInfo: () => ({
      appName: APP_NAME,
      version: opts.version,
      apiVersion: API_VERSION,
      mode: opts.mode,
      dataDir: opts.dataDir,
      port: s.port,
      serverError: s.serverError,
      notices,
      worker: { state: worker?.state ?? 'stopped', restarts: worker?.restarts ?? 0, lastHealthAt: worker?.lastHealthAt ?? null },
    }),
    backups: null as unknown as BackupService,
    records: null as unknown as RecordsServices,
    cartImport: new BatchStore(opts.dataDir, events, log),
    async reopen(swap) {
      if (reopening) throw new Error('The data directory is already being restored or moved.');
      reopening = true;
      try {
        if (worker) await stopWorker(worker);
        s.dbs.close();
        s.completion.close();
        try {
          await swap();
        } finally {
          Object.assign(s, createDataServices(openDataDir(opts.dataDir, log, notices), log, completionRetry));
          handlers = createHandlers(s);
          worker?.start();
        }
      } finally {
        reopening = false;
      }
    },
    async close() {
      s.backups.stop();
      worker?.stop();
      await s.http?.close();
      s.completion.close();
      s.dbs.close();
      lock.release();
      log.flush?.();
    },
  };
  let reopening = false;
  // Reads s.dbs / s.audit / s.completionHooks on every call, so `reopen` needs no rebuild here.
  s.records = createRecordsServices(liveRecordsDeps(s));
  s.backups = new BackupService({ dataDir: opts.dataDir, version: opts.version, log, services: s });
  let handlers: HandlerTable = createHandlers(s);
  // The dispatcher the transports hold stays the same object; `reopen` swaps the table behind it.
  const liveHandlers = new Proxy({} as HandlerTable, { get: (_t, name) => handlers[name as keyof HandlerTable] });
  const inner = createDispatcher(liveHandlers, (t) => s.auth.userForToken(t), log, opts.dataDir);
  // While files are swapped nothing runs; after a move only reads that explain the state do, so no
  // write lands in the old directory the next start will no longer use.
  const unavailable = (name: string): string | null =>
    reopening
      ? 'The data directory is being restored or moved. Try again in a moment.'
      : s.backups.movedTo && !['appInfo', 'dataStatus', 'me', 'setupStatus', 'logout'].includes(name)
        ? `The data directory was moved to ${s.backups.movedTo}. Restart Lab Desktop to continue there.`
        : null;
  s.dispatcher = {
    call: (name, input, session, transport) => {
      const why = unavailable(name);
      return why ? Promise.resolve({ ok: false, error: { code: 'unavailable', message: why } }) : inner.call(name, input, session, transport);
    },
  };

  try {
    const app = await createHttpServer({
      port: s.port,
      mode: opts.mode,
      version: opts.version,
      dispatcher: s.dispatcher,
      events,
      userForToken: (t) => s.auth.userForToken(t),
      log,
      rendererDir: opts.rendererDir,
      routes: [cartImportRoutes(() => s.cartImport, opts.mode, log, () => unavailable('cartImportHandoff'))],
    });
    await listen(app, s.port);
    s.http = app;
    log.info({ port: s.port, mode: opts.mode, dataDir: opts.dataDir }, 'local server listening');
  } catch (e) {
    if (e instanceof PortInUseError) {
      s.serverError = e.message;
      log.error({ port: s.port }, e.message);
      if (opts.failOnPortInUse) {
        await s.close();
        throw e;
      }
    } else {
      await s.close();
      throw e;
    }
  }

  worker?.start();
  s.backups.startSchedule();
  return s;
}

/** Stops the maintenance worker and waits (bounded) until its process has exited. */
async function stopWorker(worker: WorkerSupervisor): Promise<void> {
  worker.stop();
  for (let i = 0; i < 100 && worker.state !== 'stopped'; i++) await new Promise((r) => setTimeout(r, 50));
}

export function rendererDirNextTo(mainDir: string): string {
  return path.join(mainDir, '..', 'renderer');
}
