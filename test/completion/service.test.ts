// The read path (endpoint rules 1–5) and the write path (memory, feedback, preferences, maintenance
// mode, lock budget) against real SQLite files in a temp data directory.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { activeTables, createEnv, metaOf, T0 } from './helpers';
import { DAY_MS, memoryRankKey, memoryRawScore } from '../../src/main/completion/ranking';
import { rng } from '../support/rng';
import { UNAVAILABLE_PAUSE_MS, WALK_LIMIT } from '../../src/main/completion/reader';
import { safeHooks } from '../../src/main/completion-hooks';
import { silentLogger } from '../../src/main/logging';

const EMPTY = { completion: '', suffix: '', confidence: 0, source: null };

function memoryRows(env: ReturnType<typeof createEnv>) {
  return env.dbs.completion.prepare('SELECT user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count FROM search_memory ORDER BY user_id, norm').all() as Record<string, unknown>[];
}

async function built(env: ReturnType<typeof createEnv>) {
  env.maintenance.initialize();
  await env.maintenance.rebuild();
}

describe('inline read path', () => {
  it('rule 1: empty unless endpoint valid, field all and q non-empty (status 200 shape, personalized reported)', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await built(env);
    expect(env.inline('eth')).toMatchObject({ completion: 'Ethanol', suffix: 'anol', source: 'entity_index', personalized: true });
    expect(env.inline('eth', '/nope/')).toEqual({ ...EMPTY, personalized: true });
    expect(env.inline('eth', '/inventory/', env.userId, 'name')).toEqual({ ...EMPTY, personalized: true });
    expect(env.inline('')).toEqual({ ...EMPTY, personalized: true });
    expect(env.inline(' - ')).toEqual({ ...EMPTY, personalized: true });
  });

  it('rule 2: a request only reads; a stale, never-built endpoint answers empty and stays as it was', () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    const before = metaOf(env, '/inventory/');
    expect(env.inline('eth')).toEqual({ ...EMPTY, personalized: true });
    expect(metaOf(env, '/inventory/')).toEqual(before);
    expect(env.dbs.completion.prepare(`SELECT count(*) AS n FROM ${activeTables(env).rows}`).get()).toEqual({ n: 0 });
  });

  it('rule 3: fields are queried separately; repeated values are one term and do not crowd out other fields', async () => {
    const env = createEnv();
    for (let i = 0; i < 10; i++) env.inventory({ name: `Reagent ${i}`, brand: 'Sigma-Aldrich', status: 'in_stock' });
    env.inventory({ name: 'Silica gel', status: 'consumed' });
    await built(env);
    expect(env.dbs.completion.prepare(`SELECT count(*) AS n FROM ${activeTables(env).terms} WHERE field = 'brand'`).get()).toEqual({ n: 1 });
    expect(env.inline('si')).toMatchObject({ completion: 'Sigma-Aldrich', confidence: 0.25 });
    expect(env.inline('sil')).toMatchObject({ completion: 'Silica gel', confidence: 0.25 });
  });

  it('indexes each endpoint’s fields, including the applicant’s display name', async () => {
    const env = createEnv();
    const li = env.addUser('李娜');
    env.reagent({ name: '无水乙醇', cas_number: '64-17-5', brand: '国药', category: '溶剂', applicant_id: li });
    env.consumable({ name: 'Pipette tips', specification: '200 µL', communication: 'WeChat group', applicant_id: li });
    env.inventory({ name: 'Acetone', storage_location: 'Cabinet B-2', category: 'Solvent' });
    await built(env);
    expect(env.inline('无水', '/reagent-orders/')).toMatchObject({ completion: '无水乙醇', suffix: '乙醇' });
    expect(env.inline('６４－１', '/reagent-orders/')).toMatchObject({ completion: '64-17-5', suffix: '7-5' });
    expect(env.inline('李', '/reagent-orders/')).toMatchObject({ completion: '李娜' });
    expect(env.inline('李', '/consumable-orders/')).toMatchObject({ completion: '李娜' });
    expect(env.inline('wech', '/consumable-orders/')).toMatchObject({ completion: 'WeChat group' });
    expect(env.inline('200', '/consumable-orders/')).toMatchObject({ completion: '200 µL' });
    expect(env.inline('cabinetb', '/inventory/')).toMatchObject({ completion: 'Cabinet B-2', suffix: '-2' });
    expect(env.inline('solv', '/inventory/')).toMatchObject({ completion: 'Solvent' });
    // Not indexed for that endpoint: the inventory list has no applicant.
    expect(env.inline('李', '/inventory/').completion).toBe('');
  });

  it('values spelled like built-in object properties (constructor, __proto__, toString) are ordinary terms, rebuilt and synced', async () => {
    const env = createEnv();
    const first = env.inventory({ name: 'constructor', status: 'in_stock' });
    env.inventory({ name: '__proto__', status: 'in_stock' });
    await built(env);
    expect(env.inline('constr')).toMatchObject({ completion: 'constructor' });
    expect(env.inline('__pro')).toMatchObject({ completion: '__proto__' });
    const refsOf = (norm: string) => env.dbs.completion.prepare(`SELECT refs FROM ${activeTables(env).terms} WHERE field = 'name' AND norm = ?`).pluck().get(norm) as string | undefined;
    expect(refsOf('__proto__')).toBe('{"1000":{"__proto__":1}}');
    // Per-entity sync: a second record of one name counts 2; a new name appears; a deleted one goes.
    const second = env.inventory({ name: '__proto__', status: 'in_stock' });
    const third = env.inventory({ name: 'toString', status: 'in_stock' });
    expect(env.service.syncEntities('/inventory/', [second, third])).toBe('written');
    expect(refsOf('__proto__')).toBe('{"1000":{"__proto__":2}}');
    expect(env.inline('tostr')).toMatchObject({ completion: 'toString' });
    env.dbs.lab.prepare('DELETE FROM inventory_items WHERE id = ?').run(first);
    expect(env.service.syncEntities('/inventory/', [first])).toBe('written');
    expect(refsOf('constructor')).toBeUndefined();
    expect(env.inline('constr').completion).toBe('');
  });

  it('status-to-score: a live record’s value outranks a consumed one with the same prefix', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol', status: 'consumed' });
    env.inventory({ name: 'Ethyl acetate', status: 'in_stock' });
    await built(env);
    expect(env.inline('eth')).toMatchObject({ completion: 'Ethyl acetate' });
  });

  it('rule 4: unavailable (exclusively locked) → empty, `Completion unavailable`, no attempt for 5 s', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await built(env);
    expect(env.inline('eth').completion).toBe('Ethanol');
    // Exclusive locking needs every other connection closed (WAL keeps idle readers otherwise).
    env.service.close();
    env.maintenance.close();
    env.dbs.completion.close();
    const locker = new Database(path.join(env.dir, 'completion.db'));
    locker.pragma('busy_timeout = 2000');
    locker.pragma('locking_mode = EXCLUSIVE');
    locker.exec("BEGIN EXCLUSIVE; UPDATE completion_meta SET value = value WHERE key = 'x';");
    expect(env.inline('eth')).toEqual({ ...EMPTY, personalized: true });
    expect(env.logs.filter((l) => l.msg === 'Completion unavailable')).toHaveLength(1);
    locker.exec('COMMIT');
    locker.close();
    // Still paused: no attempt, no new log line.
    env.clock.now += UNAVAILABLE_PAUSE_MS - 1;
    expect(env.inline('eth').completion).toBe('');
    expect(env.logs.filter((l) => l.msg === 'Completion unavailable')).toHaveLength(1);
    env.clock.now += 1;
    expect(env.inline('eth').completion).toBe('Ethanol');
  });

  it('a plain write lock held elsewhere does not stop reads (WAL snapshot)', async () => {
    const env = createEnv();
    env.inventory({ name: 'Ethanol' });
    await built(env);
    const other = new Database(path.join(env.dir, 'completion.db'));
    other.exec('BEGIN IMMEDIATE');
    expect(env.inline('eth').completion).toBe('Ethanol');
    other.exec('ROLLBACK');
    other.close();
  });
});

describe('memory candidates of short and long prefixes', () => {
  it('one-, two- and longer-character prefixes pick the best-scored record that extends the typed text', async () => {
    const env = createEnv();
    await built(env);
    const rand = rng(7);
    const ins = env.dbs.completion.prepare(
      "INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (0, '/inventory/', 'all', ?, ?, ?, ?, ?, ?, ?)",
    );
    const records: { norm: string; frequency: number; lastUsedAt: number; acceptCount: number; rejectCount: number }[] = [];
    const add = (norm: string, frequency: number, lastUsedAt: number, acceptCount = 0, rejectCount = 0) => {
      ins.run(norm, norm, frequency, lastUsedAt, acceptCount, rejectCount, memoryRankKey(frequency, lastUsedAt, acceptCount, rejectCount));
      records.push({ norm, frequency, lastUsedAt, acceptCount, rejectCount });
    };
    // 60 records under "e" (30 under "et", 20 under "eth", 12 under "ethano"), scored by
    // frequency, age and feedback. "ethano" and "ethan" hold more records than the reader's cap
    // (MEMORY_CAP = 8) and are longer than the short-prefix indexes: their best record comes
    // from the range sorted by rank, and it is not among the first nine in text order.
    const stemOf = (i: number) => (i < 12 ? 'ethano' : i < 20 ? 'eth' : i < 30 ? 'et' : 'e');
    for (let i = 0; i < 60; i++) {
      add(`${stemOf(i)}x${String(i).padStart(2, '0')}`, 1 + Math.floor(rand() * 50), T0 - Math.floor(rand() * 90) * DAY_MS, Math.floor(rand() * 4), Math.floor(rand() * 4));
    }
    add('ethanozz', 60, T0);
    // Never suggested: a feedback-only record, and the typed text itself (no suffix), here with
    // the best score of all.
    add('ezzz', 0, T0, 50, 0);
    env.service.setPreferences(env.userId, false);
    const typed = ['ethano', 'ethan', 'etha', 'eth', 'et', 'e'];
    for (const q of typed) {
      env.dbs.completion.prepare(`DELETE FROM search_memory WHERE norm IN (${typed.map(() => '?').join(',')})`).run(...typed);
      add(q, 10_000, T0);
      const best = records
        .filter((r) => r.norm.startsWith(q) && r.norm !== q && r.frequency > 0 && !typed.includes(r.norm))
        .sort((a, b) => memoryRawScore(b, T0) - memoryRawScore(a, T0))[0]!;
      if (q === 'ethano') expect(best.norm).toBe('ethanozz');
      expect(env.inline(q), q).toMatchObject({ completion: best.norm, source: 'global_memory' });
    }
  });

  it('a longer prefix whose records rank low in a big four-character group still gets its best record', async () => {
    const env = createEnv();
    await built(env);
    const ins = env.dbs.completion.prepare(
      "INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, rank_key) VALUES (0, '/inventory/', 'all', ?, ?, ?, ?, ?)",
    );
    const add = (norm: string, frequency: number) => ins.run(norm, norm, frequency, T0, memoryRankKey(frequency, T0, 0, 0));
    // More well-used records under "sigm" than the best-first walk looks at (WALK_LIMIT), all of
    // them outranking the twelve "sigmz…" records typed below.
    for (let i = 0; i <= WALK_LIMIT; i++) add(`sigma${String(i).padStart(3, '0')}`, 100);
    for (let i = 0; i < 12; i++) add(`sigmzx${String(i).padStart(2, '0')}`, 2 + i);
    env.service.setPreferences(env.userId, false);
    expect(env.inline('sigmz')).toMatchObject({ completion: 'sigmzx11', source: 'global_memory' });
    // Typed further, the matches lead their group's walk again.
    expect(env.inline('sigma1')).toMatchObject({ completion: 'sigma199', source: 'global_memory' }); // equal rank: the later record
  });
});

describe('search memory, feedback, preferences', () => {
  it('a search with field=all records global and own memory; repeats increment frequency and last use', () => {
    const env = createEnv();
    expect(env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ethanol absolute')).toBe('written');
    env.clock.now += DAY_MS;
    env.service.recordSearch(env.userId, '/inventory/', 'all', 'ethanol  ABSOLUTE');
    const rows = memoryRows(env);
    expect(rows).toEqual([
      { user_id: 0, endpoint: '/inventory/', field: 'all', norm: 'ethanolabsolute', query: 'ethanol  ABSOLUTE', frequency: 2, last_used_at: T0 + DAY_MS, accept_count: 0, reject_count: 0 },
      { user_id: env.userId, endpoint: '/inventory/', field: 'all', norm: 'ethanolabsolute', query: 'ethanol  ABSOLUTE', frequency: 2, last_used_at: T0 + DAY_MS, accept_count: 0, reject_count: 0 },
    ]);
    expect(env.inline('eth')).toMatchObject({ completion: 'ethanol  ABSOLUTE', source: 'user_memory', confidence: 0.45 });
  });

  it('single-field searches, unknown endpoints and empty queries are not recorded', () => {
    const env = createEnv();
    expect(env.service.recordSearch(env.userId, '/inventory/', 'name', 'Ethanol')).toBe('skipped');
    expect(env.service.recordSearch(env.userId, '/users/', 'all', 'Ethanol')).toBe('skipped');
    expect(env.service.recordSearch(env.userId, '/inventory/', 'all', '  ')).toBe('skipped');
    expect(memoryRows(env)).toEqual([]);
  });

  it('personalization off: own memory is neither written nor read; global still learns', () => {
    const env = createEnv();
    env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ethanol');
    expect(env.service.getPreferences(env.userId)).toEqual({ personalized: true });
    expect(env.service.setPreferences(env.userId, false)).toEqual({ personalized: false });
    expect(env.service.getPreferences(env.userId)).toEqual({ personalized: false });
    env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ether');
    const rows = memoryRows(env);
    expect(rows.filter((r) => r.user_id === env.userId).map((r) => r.norm)).toEqual(['ethanol']);
    expect(rows.filter((r) => r.user_id === 0).map((r) => r.norm)).toEqual(['ethanol', 'ether']);
    // Off: global weight 0.45; own "ethanol" is ignored; both global records tie at frequency 1,
    // the later one ranks first.
    expect(env.inline('eth')).toMatchObject({ source: 'global_memory', confidence: 0.45, personalized: false });
  });

  it('feedback updates accept/reject counts (own when on, global always); only field=all', () => {
    const env = createEnv();
    env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ethanol');
    expect(env.service.feedback(env.userId, '/inventory/', 'all', 'Ethanol', true)).toBe('written');
    expect(env.service.feedback(env.userId, '/inventory/', 'all', 'ethanol', false)).toBe('written');
    expect(env.service.feedback(env.userId, '/inventory/', 'all', 'ethanol', false)).toBe('written');
    expect(env.service.feedback(env.userId, '/inventory/', 'name', 'ethanol', true)).toBe('skipped');
    for (const r of memoryRows(env)) expect(r).toMatchObject({ frequency: 1, accept_count: 1, reject_count: 2 });
    // Feedback on a suggestion never searched creates a record with frequency 0 (never suggested alone).
    env.service.feedback(env.userId, '/inventory/', 'all', 'Ether', false);
    expect(memoryRows(env).filter((r) => r.norm === 'ether')).toHaveLength(2);
    expect(env.inline('ethe').completion).toBe('');
  });

  it('a hidden memory suggestion loses weight against the other records (accept_weight)', () => {
    const env = createEnv();
    env.service.setPreferences(env.userId, false);
    env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ethanol');
    env.clock.now += 1000;
    env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ether');
    expect(env.inline('eth').completion).toBe('Ether');
    env.service.feedback(env.userId, '/inventory/', 'all', 'Ether', false);
    expect(env.inline('eth').completion).toBe('Ethanol');
  });
});

describe('lock budget and failures', () => {
  it('write lock held by another connection: writes give up after two 100 ms attempts and go to the retry list', () => {
    const env = createEnv();
    const other = new Database(path.join(env.dir, 'completion.db'));
    other.exec('BEGIN IMMEDIATE');
    expect(env.service.recordSearch(env.userId, '/inventory/', 'all', 'Ethanol')).toBe('queued');
    const id = env.inventory({ name: 'Ethanol' });
    expect(env.service.syncEntities('/inventory/', [id])).toBe('queued');
    expect(env.service.markStale('/reagent-orders/')).toBe('queued');
    other.exec('ROLLBACK');
    other.close();
    expect(env.retries).toEqual([
      { kind: 'memory', op: { kind: 'search', userId: env.userId, endpoint: '/inventory/', query: 'Ethanol', at: T0 } },
      { kind: 'stale', endpoint: '/inventory/' },
      { kind: 'stale', endpoint: '/reagent-orders/' },
    ]);
    // The worker's retry list applies them.
    env.maintenance.initialize();
    for (const r of env.retries) env.maintenance.enqueue(r);
    env.maintenance.processRetries();
    expect(env.maintenance.retryList).toEqual([]);
    expect(memoryRows(env)).toHaveLength(2);
  });

  it('hooks never throw into the business write, whatever fails', () => {
    const env = createEnv();
    env.service.close();
    env.dbs.lab.close();
    const hooks = safeHooks(env.service.hooks(), silentLogger());
    expect(() => hooks.entityChanged('/inventory/', 1)).not.toThrow();
    expect(() => hooks.bulkChanged('/inventory/', null)).not.toThrow();
    expect(() => hooks.searchSubmitted(env.userId, '/inventory/', 'all', 'x')).not.toThrow();
  });
});

describe('MAINTENANCE_MODE=on', () => {
  it('is read from the environment by the service and the worker', async () => {
    const { isMaintenanceMode } = await import('../../src/main/completion/maintenance-mode');
    expect(isMaintenanceMode({ MAINTENANCE_MODE: 'on' })).toBe(true);
    expect(isMaintenanceMode({ MAINTENANCE_MODE: ' ON ' })).toBe(true);
    expect(isMaintenanceMode({ MAINTENANCE_MODE: 'off' })).toBe(false);
    expect(isMaintenanceMode({})).toBe(false);
  });

  it('writes nothing (memory, feedback, index, stale markers, preferences); reads existing data', async () => {
    const setup = createEnv();
    setup.inventory({ name: 'Ethanol' });
    await built(setup);
    setup.service.recordSearch(setup.userId, '/inventory/', 'all', 'Ether');
    setup.service.close();
    setup.maintenance.close();
    // A second service + worker on the same directory in maintenance mode.
    const { CompletionService } = await import('../../src/main/completion/service');
    const { CompletionMaintenance } = await import('../../src/main/completion/maintenance.child');
    const retries: unknown[] = [];
    const svc = new CompletionService({ dataDir: setup.dir, lab: setup.dbs.lab, log: silentLogger(), retry: (i) => retries.push(i), maintenanceMode: true });
    const worker = new CompletionMaintenance(setup.dir, silentLogger(), { maintenanceMode: true });
    const snapshot = () =>
      ['search_memory', activeTables(setup).rows, activeTables(setup).terms, 'endpoint_meta', 'user_prefs', 'completion_meta', 'sqlite_master'].map((t) => setup.dbs.completion.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all());
    const before = snapshot();
    const id = setup.inventory({ name: 'Methanol' });
    expect(svc.recordSearch(setup.userId, '/inventory/', 'all', 'Ethanol')).toBe('skipped');
    expect(svc.feedback(setup.userId, '/inventory/', 'all', 'Ethanol', true)).toBe('skipped');
    expect(svc.syncEntities('/inventory/', [id])).toBe('skipped');
    expect(svc.markStale('/inventory/')).toBe('skipped');
    svc.hooks().bulkChanged('/inventory/', null);
    expect(() => svc.setPreferences(setup.userId, false)).toThrow(/maintenance/);
    expect(worker.initialize()).toBe(false);
    expect(await worker.tick()).toEqual([]);
    expect(await worker.rebuild()).toEqual(['/inventory/', '/reagent-orders/', '/consumable-orders/'].map((endpoint) => ({ endpoint, outcome: 'paused' })));
    expect(snapshot()).toEqual(before);
    expect(retries).toEqual([]);
    expect(svc.inline(setup.userId, { endpoint: '/inventory/', q: 'eth', field: 'all' })).toMatchObject({ completion: 'Ether', source: 'user_memory' });
    svc.close();
    worker.close();
  });
});
