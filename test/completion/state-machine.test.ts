// The per-endpoint stale-marker state machine of spec 000: one test per row of the state table,
// plus the rules around it (old or new index, never empty; the lock; one endpoint or all).
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { activeTables, createEnv, generationsOf, metaOf } from './helpers';
import { CompletionMaintenance, REBUILD_BACKOFF_S } from '../../src/main/completion/maintenance.child';
import { REBUILD_LOCK_FILE, RebuildLock } from '../../src/main/completion/rebuild-lock';
import { silentLogger } from '../../src/main/logging';

type Env = ReturnType<typeof createEnv>;
const INV = '/inventory/';

async function fresh(env: Env) {
  env.maintenance.initialize();
  const r = await env.maintenance.rebuild();
  expect(r.map((x) => x.outcome)).toEqual(['committed', 'committed', 'committed']);
  for (const e of [INV, '/reagent-orders/', '/consumable-orders/']) expect(metaOf(env, e).stale).toBe(0);
}

describe('state table', () => {
  it('row 1 — process start: every endpoint stale, a rebuild recovers updates missed while down', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await fresh(env);
    // Written while "the process was down": no hook ran.
    env.inventory({ name: 'Methanol' });
    expect(env.inline('meth').completion).toBe('');
    const restarted = new CompletionMaintenance(env.dir, silentLogger(), { clock: () => env.clock.now });
    expect(restarted.initialize()).toBe(true);
    for (const e of [INV, '/reagent-orders/', '/consumable-orders/']) expect(metaOf(env, e).stale).toBe(1);
    expect(env.inline('eth').completion).toBe('Ethanol'); // the old index keeps serving meanwhile
    const r = await restarted.tick();
    restarted.close();
    expect(r.map((x) => x.outcome)).toEqual(['committed', 'committed', 'committed']);
    expect(metaOf(env, INV).stale).toBe(0);
    expect(env.inline('meth').completion).toBe('Methanol');
  });

  it('row 2 — fresh + bulk write path with unclear coverage: stale for that endpoint, version advanced', async () => {
    const env = createEnv();
    await fresh(env);
    const before = metaOf(env, INV);
    const other = metaOf(env, '/reagent-orders/');
    env.service.hooks().bulkChanged(INV, null);
    expect(metaOf(env, INV)).toEqual({ ...before, stale: 1, change_version: before.change_version + 1 });
    expect(metaOf(env, '/reagent-orders/')).toEqual(other);
    // A bulk path with known ids syncs them one by one and stays fresh.
    const env2 = createEnv();
    await fresh(env2);
    const ids = [env2.inventory({ name: 'Acetone' }), env2.inventory({ name: 'Acetic acid' })];
    env2.service.hooks().bulkChanged(INV, ids);
    expect(metaOf(env2, INV).stale).toBe(0);
    expect(env2.inline('aceto').completion).toBe('Acetone');
  });

  it('row 3 — fresh + single create, edit, status change, delete: rows replaced or deleted, version advanced, stays fresh', async () => {
    const env = createEnv();
    await fresh(env);
    const v0 = metaOf(env, INV).change_version;
    const hooks = env.service.hooks();
    const id = env.inventory({ name: 'Ethanol', brand: 'Sigma-Aldrich' });
    hooks.entityChanged(INV, id);
    expect(env.inline('eth').completion).toBe('Ethanol');
    expect(metaOf(env, INV)).toMatchObject({ stale: 0, change_version: v0 + 1 });

    env.dbs.lab.prepare("UPDATE inventory_items SET name = 'Ethyl acetate' WHERE id = ?").run(id);
    hooks.entityChanged(INV, id);
    expect(env.inline('ethyl').completion).toBe('Ethyl acetate');
    expect(env.inline('ethan').completion).toBe(''); // the old value is gone as soon as the sync commits

    env.inventory({ name: 'Ether' });
    env.dbs.lab.prepare("UPDATE inventory_items SET status = 'consumed' WHERE id = ?").run(id);
    hooks.entityChanged(INV, id);
    const terms = env.dbs.completion.prepare(`SELECT norm, score FROM ${activeTables(env).terms} WHERE field = 'name' ORDER BY norm`).all();
    expect(terms).toEqual([{ norm: 'ethylacetate', score: 200 }]);

    env.dbs.lab.prepare('DELETE FROM inventory_items WHERE id = ?').run(id);
    hooks.entityChanged(INV, id);
    expect(env.inline('eth').completion).toBe('');
    expect(env.inline('sig').completion).toBe('');
    expect(env.dbs.completion.prepare(`SELECT count(*) AS n FROM ${activeTables(env).rows} WHERE entity_id = ?`).get(id)).toEqual({ n: 0 });
    expect(metaOf(env, INV)).toMatchObject({ stale: 0, change_version: v0 + 4 });
  });

  it('a term shared by several entities survives until its last entity goes', async () => {
    const env = createEnv();
    await fresh(env);
    const a = env.inventory({ name: 'A', brand: 'Sigma-Aldrich', status: 'consumed' });
    const b = env.inventory({ name: 'B', brand: 'Sigma-Aldrich', status: 'in_stock' });
    env.service.syncEntities(INV, [a, b]);
    expect(env.dbs.completion.prepare(`SELECT score FROM ${activeTables(env).terms} WHERE norm = 'sigmaaldrich'`).get()).toEqual({ score: 1000 });
    env.dbs.lab.prepare('DELETE FROM inventory_items WHERE id = ?').run(b);
    env.service.syncEntities(INV, [b]);
    expect(env.dbs.completion.prepare(`SELECT score FROM ${activeTables(env).terms} WHERE norm = 'sigmaaldrich'`).get()).toEqual({ score: 200 });
    expect(env.inline('sig').completion).toBe('Sigma-Aldrich');
  });

  it('row 4 — stale + rebuild commits with the version unchanged: fresh, old rows replaced', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await fresh(env);
    const gen = metaOf(env, INV).active_gen;
    env.dbs.lab.prepare("UPDATE inventory_items SET name = 'Acetone'").run();
    env.service.markStale(INV);
    const [r] = await env.maintenance.rebuild([INV]);
    expect(r).toMatchObject({ endpoint: INV, outcome: 'committed', rows: 1, terms: 1 });
    expect(metaOf(env, INV)).toMatchObject({ stale: 0, active_gen: gen + 1 });
    expect(env.inline('eth').completion).toBe('');
    expect(env.inline('ace').completion).toBe('Acetone');
    // Only the active generation is left.
    expect(generationsOf(env, INV)).toEqual([gen + 1]);
  });

  it('row 5 — stale + rebuild commits but the version changed since the snapshot: discarded, stays stale, next round converges', async () => {
    const env = createEnv({ maintenance: { rebuild: { batchRows: 2 } } });
    for (let i = 0; i < 6; i++) env.inventory({ name: `Old ${i}` });
    await fresh(env);
    env.service.markStale(INV);
    let newId = 0;
    const m = new CompletionMaintenance(env.dir, silentLogger(), {
      rebuild: {
        batchRows: 2,
        onProgress: () => {
          if (newId) return;
          // A single-entity write lands while the rebuild is half-way.
          newId = env.inventory({ name: 'Newcomer' });
          env.service.hooks().entityChanged(INV, newId);
          expect(env.inline('old').completion).toMatch(/^Old \d$/); // readers see the old index
        },
      },
    });
    const [r] = await m.rebuild([INV]);
    expect(r!.outcome).toBe('discarded');
    expect(metaOf(env, INV).stale).toBe(1);
    expect(env.inline('newc').completion).toBe('Newcomer'); // the sync itself is live
    expect(generationsOf(env, INV)).toHaveLength(1);
    const [r2] = await m.rebuild([INV]);
    m.close();
    expect(r2!.outcome).toBe('committed');
    expect(metaOf(env, INV).stale).toBe(0);
    expect(env.inline('newc').completion).toBe('Newcomer');
  });

  it('row 6 — stale + rebuild fails: `Completion rebuild failed`, stays stale, old index serves, back-off 5/10/20/40/60 s', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await fresh(env);
    env.service.markStale(INV);
    env.dbs.lab.exec('ALTER TABLE inventory_items RENAME TO inventory_items_away');
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [r] = await env.maintenance.rebuild([INV]);
      expect(r!.outcome).toBe('failed');
      const b = env.maintenance.backoff(INV)!;
      delays.push((b.nextAt - env.clock.now) / 1000);
      // Before the back-off elapses the endpoint is not tried.
      env.clock.now = b.nextAt - 1;
      expect((await env.maintenance.rebuild([INV]))[0]!.outcome).toBe('backoff');
      env.clock.now = b.nextAt;
    }
    expect(delays).toEqual([...REBUILD_BACKOFF_S, 60]);
    expect(env.logs.filter((l) => l.msg === 'Completion rebuild failed')).toHaveLength(6);
    expect(metaOf(env, INV).stale).toBe(1);
    expect(env.inline('eth').completion).toBe('Ethanol');
    env.dbs.lab.exec('ALTER TABLE inventory_items_away RENAME TO inventory_items');
    expect((await env.maintenance.tick())[0]).toMatchObject({ endpoint: INV, outcome: 'committed' });
    expect(env.maintenance.backoff(INV)).toBeNull();
  });

  it('row 7 — stale-marker write fails after the in-request attempts: state unchanged, the worker keeps it in its retry list', async () => {
    const env = createEnv({ maintenance: { lockWaitMs: 50 } });
    await fresh(env);
    const before = metaOf(env, INV);
    const other = new Database(path.join(env.dir, 'completion.db'));
    other.exec('BEGIN IMMEDIATE');
    expect(env.service.markStale(INV)).toBe('queued');
    expect(metaOf(env, INV)).toEqual(before);
    env.maintenance.enqueue(env.retries[0]!);
    env.maintenance.processRetries();
    expect(env.maintenance.retryList).toEqual([{ kind: 'stale', endpoint: INV }]);
    other.exec('ROLLBACK');
    other.close();
    env.maintenance.processRetries();
    expect(env.maintenance.retryList).toEqual([]);
    expect(metaOf(env, INV)).toMatchObject({ stale: 1, change_version: before.change_version + 1 });
  });
});

describe('rebuild rules', () => {
  it('the lock is non-blocking: a held lock means "locked", not a wait; stale is re-checked after taking it', async () => {
    const env = createEnv();
    env.maintenance.initialize();
    const held = RebuildLock.tryAcquire(env.dir)!;
    expect(held).not.toBeNull();
    expect(RebuildLock.tryAcquire(env.dir)).toBeNull();
    expect((await env.maintenance.rebuild()).map((r) => r.outcome)).toEqual(['locked', 'locked', 'locked']);
    held.release();
    expect((await env.maintenance.rebuild()).map((r) => r.outcome)).toEqual(['committed', 'committed', 'committed']);
    // Someone else already rebuilt: after taking the lock the endpoint is fresh, nothing is done.
    expect((await env.maintenance.rebuild()).map((r) => r.outcome)).toEqual(['fresh', 'fresh', 'fresh']);
  });

  it('a connection merely reading the lock file does not make the lock look taken', () => {
    const env = createEnv();
    // A read transaction holds a SHARED lock on the file, as a racing tryAcquire does for an
    // instant before it gives up; BEGIN EXCLUSIVE would need every SHARED lock gone and fail.
    const reader = new Database(path.join(env.dir, REBUILD_LOCK_FILE));
    reader.exec('CREATE TABLE IF NOT EXISTS t(x)');
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM t').get();
    const lock = RebuildLock.tryAcquire(env.dir);
    expect(lock).not.toBeNull();
    expect(RebuildLock.tryAcquire(env.dir)).toBeNull();
    lock!.release();
    reader.exec('COMMIT');
    reader.close();
  });

  it('a rebuild can target one endpoint', async () => {
    const env = createEnv();
    env.maintenance.initialize();
    const r = await env.maintenance.rebuild(['/reagent-orders/']);
    expect(r.map((x) => x.endpoint)).toEqual(['/reagent-orders/']);
    expect(metaOf(env, '/reagent-orders/').stale).toBe(0);
    expect(metaOf(env, INV).stale).toBe(1);
  });

  it('typing never creates rebuild work', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await fresh(env);
    const before = [INV, '/reagent-orders/', '/consumable-orders/'].map((e) => metaOf(env, e));
    for (const q of ['e', 'et', 'eth', 'etha', 'x']) env.inline(q);
    expect([INV, '/reagent-orders/', '/consumable-orders/'].map((e) => metaOf(env, e))).toEqual(before);
  });
});
