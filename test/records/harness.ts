// Records test harness: a real lab.db in a temp directory (migrated), real users, audit log and
// event bus, the rooms on the records (each wired by its own `wire`, as the composition root does),
// and a recording CompletionHooks that keeps every call (an
// observer of the seam, not a stand-in for the code under test). `dispatch` goes through the real
// contract validation, access check and handlers, like both transports do.
import { BatchStore } from '../../src/main/cart-import/batch-store';
import type { UserInfo } from '../../src/shared/contract';
import type { LabEvent } from '../../src/shared/events';
import { openDatabases, type Databases } from '../../src/main/db/databases';
import { auditStore } from '../../src/main/stores/audit-store';
import { toUserInfo } from '../../src/main/auth/auth-service';
import { userStore } from '../../src/main/stores/user-store';
import { writeTransaction } from '../../src/main/db/transaction';
import { sortKey } from '../../src/main/records/sort-key';
import { hashPassword } from '../../src/main/auth/passwords';
import { EventBus } from '../../src/main/events';
import { sqliteLabData, type LabData } from '../../src/main/stores/lab-data';
import { silentLogger } from '../../src/main/logging';
import type { CompletionHooks } from '../../src/main/completion-hooks';
import type { ListEndpoint } from '../../src/shared/records';
import { wire as wireRecords, type RecordsServices } from '../../src/main/records';
import { wire as wireStock } from '../../src/main/stock';
import { wire as wireLocations } from '../../src/main/locations';
import { wire as wireBulkImport } from '../../src/main/bulk-import';
import { wire as wireListExport } from '../../src/main/list-export';
import { wire as wireDashboard } from '../../src/main/dashboard';
import { wire as wireControlled } from '../../src/main/controlled';
import { wire as wireLabels } from '../../src/main/labels';
import { wire as wireStocktake } from '../../src/main/stocktake';
import type { StockService } from '../../src/main/stock/stock-service';
import type { LocationService } from '../../src/main/locations/location-service';
import type { ImportService } from '../../src/main/bulk-import/import-service';
import type { DashboardService } from '../../src/main/dashboard/dashboard-service';
import type { ControlledService } from '../../src/main/controlled/controlled-service';
import type { LabelService } from '../../src/main/labels/label-service';
import type { StocktakeService } from '../../src/main/stocktake/stocktake-service';
import { createDispatcher } from '../../src/main/api/dispatch';
import { recordsHandlers } from '../../src/main/api/records-handlers';
import { stockHandlers } from '../../src/main/api/stock-handlers';
import { locationHandlers } from '../../src/main/api/location-handlers';
import { bulkImportHandlers } from '../../src/main/api/bulk-import-handlers';
import { listExportHandlers } from '../../src/main/api/list-export-handlers';
import { dashboardHandlers } from '../../src/main/api/dashboard-handlers';
import { controlledHandlers } from '../../src/main/api/controlled-handlers';
import { labelHandlers } from '../../src/main/api/label-handlers';
import { stocktakeHandlers } from '../../src/main/api/stocktake-handlers';
import type { HandlerTable } from '../../src/main/api/handler-table';
import type { ApiErrorBody } from '../../src/shared/errors';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

// Own temp/cleanup helpers: test/support/temp.ts pulls in the whole composition root.
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}
export function tempDir(prefix = 'lab-records-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export type HookCall =
  | { kind: 'entity'; endpoint: ListEndpoint; id: number }
  | { kind: 'bulk'; endpoint: ListEndpoint; ids: number[] | null }
  | { kind: 'search'; userId: number; endpoint: ListEndpoint; field: string; query: string };

export class RecordingHooks implements CompletionHooks {
  calls: HookCall[] = [];
  throwing = false;
  entityChanged(endpoint: ListEndpoint, id: number): void {
    this.calls.push({ kind: 'entity', endpoint, id });
    if (this.throwing) throw new Error('completion index is broken');
  }
  bulkChanged(endpoint: ListEndpoint, ids: number[] | null): void {
    this.calls.push({ kind: 'bulk', endpoint, ids });
    if (this.throwing) throw new Error('completion index is broken');
  }
  searchSubmitted(userId: number, endpoint: ListEndpoint, field: string, query: string): void {
    this.calls.push({ kind: 'search', userId, endpoint, field, query });
    if (this.throwing) throw new Error('completion index is broken');
  }
  take(): HookCall[] {
    const c = this.calls;
    this.calls = [];
    return c;
  }
}

export interface Harness {
  dbs: Databases;
  /** lab.db behind the seam: the one unit of work the rooms under test use (a second one on the same connections would not queue with it). */
  data: LabData;
  records: RecordsServices;
  stock: StockService;
  locations: LocationService;
  bulkImport: ImportService;
  dashboard: DashboardService;
  controlled: ControlledService;
  labels: LabelService;
  stocktake: StocktakeService;
  hooks: RecordingHooks;
  events: LabEvent[];
  admin: UserInfo;
  member: UserInfo;
  member2: UserInfo;
  guest: UserInfo;
  dispatcher: ReturnType<typeof createDispatcher>;
  /** Session holder as a transport would keep it for `user`. */
  sessionOf(user: UserInfo | null): { readonly token: string | null; set(t: string): void; clear(): void };
  /** Calls an operation through the real dispatcher as `user`. */
  call(user: UserInfo | null, op: string, input: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: ApiErrorBody }>;
  /** Like call, but returns the value and throws on an error envelope. */
  ok<T = unknown>(user: UserInfo, op: string, input: unknown): Promise<T>;
  /** Like call, but returns the error and throws when the call was accepted. */
  refused(user: UserInfo, op: string, input: unknown): Promise<ApiErrorBody>;
}

// The harness's passwords, hashed once per test file (scrypt is asynchronous and slow on purpose).
const HASHES = {
  admin: await hashPassword('admin-pass-1'),
  alice: await hashPassword('alice-pass-1'),
  bob: await hashPassword('bob-pass-12'),
  guest: await hashPassword('guest-pass-1'),
};

export function createHarness(dataDir = tempDir('lab-records-')): Harness {
  const dbs = openDatabases(dataDir);
  onCleanup(() => dbs.close());
  const audits = auditStore(dbs.lab);
  // The harness's users, added as AuthService adds them (with their audit entry), through the
  // synchronous store on the harness's own connection so that createHarness stays synchronous.
  const users = userStore(dbs.lab);
  const addUser = (u: { username: string; displayName: string; role: UserInfo['role'] }, passwordHash: string, actorId: number | null): UserInfo =>
    writeTransaction(dbs.lab, () => {
      const id = users.insert({ ...u, displayNameSort: sortKey(u.displayName), passwordHash });
      audits.insert({ userId: actorId ?? id, entityType: 'user', entityId: id, action: 'create', changes: JSON.stringify({ username: [null, u.username], role: [null, u.role] }) });
      return toUserInfo(users.byId(id)!);
    });
  const bus = new EventBus();
  const events: LabEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const hooks = new RecordingHooks();
  const log = silentLogger();
  const data = sqliteLabData(dbs.lab, dbs.labRead);
  const deps = { data, dataDir, hooks: hooks as CompletionHooks, events: bus, log };
  const records = wireRecords(deps);
  const rooms = {
    stock: wireStock(deps),
    locations: wireLocations(deps),
    bulkImport: wireBulkImport(deps),
    dashboard: wireDashboard(deps),
    controlled: wireControlled(deps),
    labels: wireLabels(deps),
    stocktake: wireStocktake(deps),
  };
  const admin = addUser({ username: 'admin', displayName: 'Lab Admin', role: 'admin' }, HASHES.admin, null);
  const member = addUser({ username: 'alice', displayName: '张三 Alice', role: 'member' }, HASHES.alice, admin.id);
  const member2 = addUser({ username: 'bob', displayName: 'Bob', role: 'member' }, HASHES.bob, admin.id);
  const guest = addUser({ username: 'guest', displayName: 'Public', role: 'public' }, HASHES.guest, admin.id);
  // Every handler group that runs on these rooms (the others need auth, data or completion).
  const handlers = {
    ...recordsHandlers({ records, hooks, log, cartImport: new BatchStore(dataDir, bus, log), dashboard: rooms.dashboard }),
    ...stockHandlers({ stock: rooms.stock }),
    ...locationHandlers({ locations: rooms.locations }),
    ...bulkImportHandlers({ imports: rooms.bulkImport }),
    ...listExportHandlers({ listExport: wireListExport(deps) }),
    ...dashboardHandlers({ dashboard: rooms.dashboard }),
    ...controlledHandlers({ controlled: rooms.controlled }),
    ...labelHandlers({ labels: rooms.labels }),
    ...stocktakeHandlers({ stocktake: rooms.stocktake }),
  } as unknown as HandlerTable;
  const tokens = new Map<string, UserInfo>([admin, member, member2, guest].map((u) => [`t-${u.id}`, u]));
  const dispatcher = createDispatcher(handlers, async (t) => (t ? (tokens.get(t) ?? null) : null), log, dataDir);
  const call: Harness['call'] = (user, op, input) =>
    dispatcher.call(op, input, { token: user ? `t-${user.id}` : null, set() {}, clear() {} }, 'ipc') as ReturnType<Harness['call']>;
  return {
    dispatcher,
    data,
    sessionOf: (user) => ({ token: user ? `t-${user.id}` : null, set() {}, clear() {} }),
    dbs,
    records,
    ...rooms,
    hooks,
    events,
    admin,
    member,
    member2,
    guest,
    call,
    async ok<T>(user: UserInfo, op: string, input: unknown) {
      const r = await call(user, op, input);
      if (!r.ok) throw new Error(`${op} failed: ${r.error.code} ${r.error.message} ${JSON.stringify(r.error.fields ?? {})}`);
      return r.value as T;
    },
    async refused(user: UserInfo, op: string, input: unknown) {
      const r = await call(user, op, input);
      if (r.ok) throw new Error(`${op} was accepted: ${JSON.stringify(r.value)}`);
      return r.error;
    },
  };
}
