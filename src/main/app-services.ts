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
import { loggingHooks, safeHooks, type CompletionHooks } from './completion-hooks';
import { WorkerSupervisor, type WorkerHandle } from './worker/supervisor';
import { createDispatcher, type Dispatcher } from './api/dispatch';
import { createHandlers } from './api/handlers';
import { createHttpServer, listen, PortInUseError } from './http/server';
import { APP_NAME, API_VERSION } from '../shared/app-info';
import type { AppInfo } from '../shared/contract';
import { createRecordsServices, liveRecordsDeps, type RecordsServices } from './records';

export interface StartOptions {
  dataDir: string;
  mode: 'desktop' | 'browser';
  version: string;
  /** Overrides the port saved in settings (browser mode `--port`). */
  port?: number;
  rendererDir?: string;
  /** Starts the maintenance worker; omitted in unit tests. */
  spawnWorker?: () => WorkerHandle;
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
  worker: WorkerSupervisor | null;
  dispatcher: Dispatcher;
  http: FastifyInstance | null;
  serverError: string | null;
  /** Inventory, reagent and consumable orders (src/main/records). */
  records: RecordsServices;
  appInfo(): AppInfo;
  close(): Promise<void>;
}

export async function startServices(opts: StartOptions): Promise<AppServices> {
  ensureDataDir(opts.dataDir);
  const lock: InstanceLock = acquireInstanceLock(opts.dataDir, { mode: opts.mode });
  const log = createLogger(opts.dataDir, { stdout: opts.logToStdout });
  let dbs: Databases;
  try {
    dbs = openDatabases(opts.dataDir, {
      beforeMigrate: (p) => log.info({ lab: p.lab.map((m) => m.version), completion: p.completion.map((m) => m.version) }, 'migrating databases'),
    });
  } catch (e) {
    lock.release();
    throw e;
  }
  const settings = new SettingsStore(opts.dataDir);
  const audit = new AuditLog(dbs.lab);
  const auth = new AuthService(dbs.lab, audit);
  const events = new EventBus();
  const worker = opts.spawnWorker ? new WorkerSupervisor(opts.spawnWorker, log) : null;

  const s: AppServices = {
    dataDir: opts.dataDir,
    mode: opts.mode,
    version: opts.version,
    port: opts.port ?? settings.read().port,
    log,
    dbs,
    audit,
    auth,
    events,
    settings,
    completionHooks: safeHooks(loggingHooks(log), log),
    worker,
    dispatcher: null as unknown as Dispatcher,
    records: null as unknown as RecordsServices,
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
      worker: { state: worker?.state ?? 'stopped', restarts: worker?.restarts ?? 0, lastHealthAt: worker?.lastHealthAt ?? null },
    }),
    async close() {
      worker?.stop();
      await s.http?.close();
      dbs.close();
      lock.release();
      log.flush?.();
    },
  };
  // Reads s.dbs / s.audit / s.completionHooks on every call, so later rewiring needs no rebuild here.
  s.records = createRecordsServices(liveRecordsDeps(s));
  s.dispatcher = createDispatcher(createHandlers(s), (t) => auth.userForToken(t), log);

  try {
    const app = await createHttpServer({
      port: s.port,
      mode: opts.mode,
      version: opts.version,
      dispatcher: s.dispatcher,
      events,
      userForToken: (t) => auth.userForToken(t),
      log,
      rendererDir: opts.rendererDir,
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
  return s;
}

export function rendererDirNextTo(mainDir: string): string {
  return path.join(mainDir, '..', 'renderer');
}
