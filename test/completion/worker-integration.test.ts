// The app with its real maintenance worker process (child_process, as in browser mode): process
// start marks everything stale and the worker's rebuild recovers facts written while the app was
// down; a completion write that fails inside a request reaches the worker's retry list and the
// index converges once the lock is free.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { startTestServices, setupAdmin, sessionFor, tempDir } from '../support/temp';
import { forkNodeWorker } from '../../src/main/worker/fork-node';
import { openDatabases } from '../../src/main/db/databases';
import { bundle } from './processes';
import { until } from '../support/until';

describe('maintenance worker process', () => {
  it('start-up rebuild recovers missed updates; failed in-request writes are finished by the worker', async () => {
    const dir = tempDir();
    // Facts written while the app was "down" (no hooks ran).
    const pre = openDatabases(dir);
    pre.lab.prepare("INSERT INTO users(username, display_name, role, password_hash) VALUES ('x', 'X', 'member', 'x')").run();
    pre.lab.prepare("INSERT INTO inventory_items(name, quantity, status) VALUES ('Xylene', 1, 'in_stock')").run();
    pre.close();

    const worker = bundle('src/main/worker/maintenance-worker-entry.ts');
    const s = await startTestServices({ dataDir: dir, spawnWorker: () => forkNodeWorker(worker, ['--data-dir', dir]) });
    const token = await setupAdmin(s);
    const session = sessionFor(token);
    const inline = async (q: string) => {
      const r = await s.dispatcher.call('inlineCompletion', { endpoint: '/inventory/', q, field: 'all' }, session, 'ipc');
      return r.ok ? (r.value as { completion: string }).completion : `error ${JSON.stringify(r)}`;
    };
    expect(await until(() => inline('xyl'), (v) => v === 'Xylene')).toBe('Xylene');
    const meta = () => new Database(path.join(dir, 'completion.db'), { readonly: true }).prepare('SELECT endpoint, stale FROM endpoint_meta ORDER BY endpoint').all();
    expect(await until(meta, (rows) => rows.every((r) => (r as { stale: number }).stale === 0))).toEqual([
      { endpoint: '/consumable-orders/', stale: 0 },
      { endpoint: '/inventory/', stale: 0 },
      { endpoint: '/reagent-orders/', stale: 0 },
    ]);

    // completion.db write-locked by another connection: the business write succeeds, its index
    // sync is handed to the worker, which marks the endpoint stale and rebuilds once it can.
    const locker = new Database(path.join(dir, 'completion.db'));
    locker.exec('BEGIN IMMEDIATE');
    const created = await s.dispatcher.call('createInventoryItem', { name: 'Yttrium oxide', quantity: 1 }, session, 'ipc');
    expect(created.ok).toBe(true);
    expect(await inline('ytt')).toBe(''); // not indexed yet, but no error either
    locker.exec('ROLLBACK');
    locker.close();
    expect(await until(() => inline('ytt'), (v) => v === 'Yttrium oxide')).toBe('Yttrium oxide');
  });
});
