// Test support for completion: a real temp data directory (lab.db + completion.db migrated by the
// app's own code), facts inserted with SQL, and the real service / maintenance on top.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabases, type Databases } from '../../src/main/db/databases';
import { CompletionService } from '../../src/main/completion/service';
import { CompletionMaintenance, type MaintenanceOptions, type RetryItem } from '../../src/main/completion/maintenance.child';
import os from 'node:os';
import pino from 'pino';
import { afterEach } from 'vitest';
import { sharedDataFile } from '../support/shared-data';
import { activeTables as activeTablesOf, entityIndexOf } from '../../src/main/completion/index-sync';
import type { ListEndpoint } from '../../src/shared/records';

// Own temp-dir helper: these tests need no app services (support/temp imports the composition root).
export const ROOT = path.resolve(__dirname, '../..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}
export function tempDir(prefix = 'lab-completion-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface Env {
  dir: string;
  dbs: Databases;
  service: CompletionService;
  maintenance: CompletionMaintenance;
  retries: RetryItem[];
  logs: { level: number; msg: string }[];
  clock: { now: number };
  userId: number;
  addUser(displayName: string): number;
  inventory(fields: Partial<{ name: string; cas_number: string; storage_location: string; brand: string; category: string; status: string }>): number;
  reagent(fields: Partial<{ name: string; cas_number: string; brand: string; category: string; status: string; applicant_id: number }>): number;
  consumable(fields: Partial<{ name: string; specification: string; communication: string; status: string; applicant_id: number }>): number;
  inline(q: string, endpoint?: string, userId?: number, field?: string): ReturnType<CompletionService['inline']>;
}

export const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

export function createEnv(opts: { maintenanceMode?: boolean; maintenance?: MaintenanceOptions; snapshotMaxAgeMs?: number } = {}): Env {
  const dir = tempDir('lab-completion-');
  const dbs = openDatabases(dir);
  const logs: { level: number; msg: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) });
  const clock = { now: T0 };
  const retries: RetryItem[] = [];
  const service = new CompletionService({ dataDir: dir, lab: dbs.lab, log, retry: (i) => retries.push(i), maintenanceMode: opts.maintenanceMode, clock: () => clock.now, snapshotMaxAgeMs: opts.snapshotMaxAgeMs });
  const maintenance = new CompletionMaintenance(dir, log, { maintenanceMode: opts.maintenanceMode, clock: () => clock.now, ...opts.maintenance });
  onCleanup(() => {
    service.close();
    maintenance.close();
    dbs.close();
  });
  const addUser = (displayName: string) =>
    Number(dbs.lab.prepare("INSERT INTO users(username, display_name, role, password_hash) VALUES (?, ?, 'member', 'x')").run(`u${Math.random().toString(36).slice(2)}`, displayName).lastInsertRowid);
  const userId = addUser('Zhang Wei');
  const insert = (table: string, row: Record<string, unknown>) => {
    const keys = Object.keys(row);
    return Number(dbs.lab.prepare(`INSERT INTO ${table}(${keys.join(',')}) VALUES (${keys.map(() => '?').join(',')})`).run(...Object.values(row)).lastInsertRowid);
  };
  return {
    dir,
    dbs,
    service,
    maintenance,
    retries,
    logs,
    clock,
    userId,
    addUser,
    inventory: (f) => insert('inventory_items', { name: 'x', quantity: 1, status: 'in_stock', ...f }),
    reagent: (f) => insert('reagent_orders', { name: 'x', quantity: 1, status: 'pending_approval', applicant_id: userId, ...f }),
    consumable: (f) => insert('consumable_orders', { name: 'x', quantity: 1, status: 'pending_approval', applicant_id: userId, ...f }),
    // Tests write through other connections (SQL, the in-process maintenance) and read at once;
    // in the app those writers are another process, seen within SNAPSHOT_MAX_AGE_MS
    // (snapshot.test.ts), so each read here begins a fresh snapshot.
    inline: (q, endpoint = '/inventory/', uid = userId, field = 'all') => {
      service.reader.renew();
      return service.inline(uid, { endpoint, q, field });
    },
  };
}

/** Chemicals from the shared data set: [cas, formula, name, iupac, synonyms[]]. */
export function chemicals(limit = Infinity): { cas: string; name: string; synonyms: string[] }[] {
  const lines = fs.readFileSync(sharedDataFile('chemicals.tsv'), 'utf8').trim().split('\n').slice(1);
  return lines.slice(0, limit).map((l) => {
    const [cas, , name, , syn] = l.split('\t');
    return { cas: cas!, name: name!, synonyms: (syn ?? '').split('|').filter(Boolean) };
  });
}

export function metaOf(env: Env, endpoint: string) {
  return env.dbs.completion.prepare('SELECT stale, change_version, active_gen FROM endpoint_meta WHERE endpoint = ?').get(endpoint) as { stale: number; change_version: number; active_gen: number };
}

/** Table names of an endpoint's active index generation (stores/completion/entity-index-store.ts). */
export function activeTables(env: Env, endpoint: ListEndpoint = '/inventory/') {
  return activeTablesOf(env.dbs.completion, endpoint);
}

/** Index generations that have tables in completion.db. */
export function generationsOf(env: Env, endpoint: ListEndpoint = '/inventory/'): number[] {
  return entityIndexOf(env.dbs.completion).generationsOnDisk(endpoint);
}
