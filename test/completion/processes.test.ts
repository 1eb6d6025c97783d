// Cross-process behaviour with real child processes: the rebuild lock race, a worker killed
// mid-rebuild, and completion.db locked by another process while business writes go on.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { bundle, forkWorker, run, startUntil } from './processes';
import { chemicals, createEnv, generationsOf, metaOf } from './helpers';
import { tablesOf } from '../../src/main/stores/completion/entity-index-store';
import { RebuildLock } from '../../src/main/completion/rebuild-lock';
import { CompletionMaintenance } from '../../src/main/completion/maintenance.child';
import { silentLogger } from '../../src/main/logging';
import { LIST_ENDPOINTS } from '../../src/shared/records';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function seed(env: ReturnType<typeof createEnv>, n: number) {
  const chems = chemicals(n);
  const ins = env.dbs.lab.prepare("INSERT INTO inventory_items(name, cas_number, brand, storage_location, category, quantity, status) VALUES (?, ?, ?, ?, ?, 1, 'in_stock')");
  env.dbs.lab.transaction(() => {
    chems.forEach((c, i) => ins.run(c.name, c.cas, ['Sigma-Aldrich', 'Aladdin', 'Macklin'][i % 3], `Cabinet ${i % 40}`, 'Reagent'));
  })();
}

describe('rebuild lock across processes', () => {
  it('two processes racing: exactly one rebuilds each endpoint', async () => {
    const env = createEnv();
    seed(env, 3000);
    env.maintenance.initialize(); // all stale
    const racer = bundle('test/completion/fixtures/racer.ts');
    const startAt = String(Date.now() + 800);
    const results = await Promise.all([run(racer, [env.dir, startAt]), run(racer, [env.dir, startAt])]);
    const outcomes = results.map((r) => {
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { endpoint: string; outcome: string }[];
    });
    for (const e of LIST_ENDPOINTS) {
      const forE = outcomes.map((o) => o.find((x) => x.endpoint === e)!.outcome);
      expect(forE.filter((o) => o === 'committed'), `${e}: ${JSON.stringify(outcomes)}`).toHaveLength(1);
      expect(forE.filter((o) => o !== 'committed').every((o) => o === 'locked' || o === 'fresh')).toBe(true);
      expect(metaOf(env, e).stale).toBe(0);
    }
    expect(env.inline('4-chloron').completion).toBe('4-chloronitrobenzene');
  });
});

describe('worker killed mid-rebuild', () => {
  it('the old index keeps serving, the lock is recovered, the next rebuild converges', async () => {
    const env = createEnv();
    seed(env, 2000);
    env.maintenance.initialize();
    await env.maintenance.rebuild();
    expect(env.inline('sig').completion).toBe('Sigma-Aldrich');
    const gen = metaOf(env, '/inventory/').active_gen;
    // New facts the killed rebuild was about to index.
    env.dbs.lab.prepare("INSERT INTO inventory_items(name, quantity, status) VALUES ('Qqzx oxide', 1, 'in_stock')").run();

    const worker = forkWorker(bundle('src/main/worker/maintenance-worker-entry.ts'), ['--data-dir', env.dir], { LAB_COMPLETION_REBUILD_PAUSE_MS: '300' });
    children.push(worker);
    await new Promise<void>((resolve) => {
      worker.on('message', (m: { type: string; endpoint?: string }) => {
        if (m.type === 'progress' && m.endpoint === '/inventory/') resolve();
      });
    });
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));

    // Half-built generation left behind, endpoint still stale, readers on the old index.
    expect(metaOf(env, '/inventory/')).toMatchObject({ stale: 1, active_gen: gen });
    expect((env.dbs.completion.prepare(`SELECT count(*) AS n FROM ${tablesOf('/inventory/', gen + 1).rows}`).get() as { n: number }).n).toBeGreaterThan(0);
    expect(env.inline('sig').completion).toBe('Sigma-Aldrich');
    expect(env.inline('qqz').completion).toBe('');

    // The dead holder's lock is free again.
    const lock = RebuildLock.tryAcquire(env.dir);
    expect(lock).not.toBeNull();
    lock!.release();

    const m = new CompletionMaintenance(env.dir, silentLogger());
    const r = await m.rebuild(['/inventory/']);
    m.close();
    expect(r[0]).toMatchObject({ outcome: 'committed' });
    expect(env.inline('qqz').completion).toBe('Qqzx oxide');
    expect(generationsOf(env)).toEqual([gen + 1]);
  });
});

describe('maintenance worker priority', () => {
  it('holds the write lock at the priority it was started with: a niced lock holder is a priority inversion on a busy machine', async () => {
    const env = createEnv();
    const worker = forkWorker(bundle('src/main/worker/maintenance-worker-entry.ts'), ['--data-dir', env.dir]);
    children.push(worker);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the worker never said it was ready')), 20_000);
      worker.on('message', (m: { type: string; message?: string }) => {
        if (m.type !== 'log' || m.message !== 'maintenance worker ready') return;
        clearTimeout(timer);
        resolve();
      });
    });
    expect(os.getPriority(worker.pid)).toBe(os.getPriority(process.pid));
  });
});

describe('completion.db locked by another process', () => {
  it('write-locked: inline still answers from its snapshot, completion writes go to the retry list, business writes succeed', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    env.maintenance.initialize();
    await env.maintenance.rebuild();
    const locker = await startUntil(bundle('test/completion/fixtures/locker.ts'), [env.dir, 'write'], 'locked');
    children.push(locker);
    expect(env.inline('eth').completion).toBe('Ethanol');
    // A business write: the lab.db commit stands, the hook's index sync is handed to the worker.
    const id = env.inventory({ name: 'Methanol' });
    expect(() => env.service.hooks().entityChanged('/inventory/', id)).not.toThrow();
    expect(env.dbs.lab.prepare('SELECT name FROM inventory_items WHERE id = ?').get(id)).toEqual({ name: 'Methanol' });
    expect(env.retries).toEqual([{ kind: 'stale', endpoint: '/inventory/' }]);
    locker.kill('SIGKILL');
  });

  it('exclusively locked: inline answers empty, logs `Completion unavailable`, pauses', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    env.maintenance.initialize();
    await env.maintenance.rebuild();
    env.service.close();
    env.maintenance.close();
    env.dbs.completion.close();
    const locker = await startUntil(bundle('test/completion/fixtures/locker.ts'), [env.dir, 'exclusive'], 'locked');
    children.push(locker);
    expect(env.inline('eth')).toMatchObject({ completion: '', suffix: '', source: null });
    expect(env.logs.some((l) => l.msg === 'Completion unavailable')).toBe(true);
    // A business write still succeeds; the completion side is queued.
    const id = env.inventory({ name: 'Methanol' });
    env.service.hooks().entityChanged('/inventory/', id);
    expect(env.dbs.lab.prepare('SELECT name FROM inventory_items WHERE id = ?').get(id)).toEqual({ name: 'Methanol' });
    expect(env.retries).toEqual([{ kind: 'stale', endpoint: '/inventory/' }]);
    locker.kill('SIGKILL');
  });
});
