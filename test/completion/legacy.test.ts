// Start-up check and legacy migration: copied once with the marker, re-run is a no-op, a
// failure leaves no marker and is retried, legacy tables stay in place.
import { describe, expect, it } from 'vitest';
import { activeTables, createEnv, metaOf } from './helpers';
import { startupCheck } from '../../src/main/completion/legacy.child';
import { CompletionMaintenance } from '../../src/main/completion/maintenance.child';
import { silentLogger } from '../../src/main/logging';

type Env = ReturnType<typeof createEnv>;

function legacyTables(env: Env) {
  env.dbs.lab.exec(`
    CREATE TABLE legacy_search_preferences (user_id INTEGER PRIMARY KEY, personalized INTEGER NOT NULL);
    CREATE TABLE legacy_search_history (
      id INTEGER PRIMARY KEY, user_id INTEGER, endpoint TEXT NOT NULL, field TEXT NOT NULL, query TEXT NOT NULL,
      frequency INTEGER NOT NULL DEFAULT 1, last_used_at TEXT NOT NULL,
      accept_count INTEGER NOT NULL DEFAULT 0, reject_count INTEGER NOT NULL DEFAULT 0);
  `);
  env.dbs.lab.prepare('INSERT INTO legacy_search_preferences VALUES (?, ?)').run(env.userId, 0);
  const h = env.dbs.lab.prepare('INSERT INTO legacy_search_history(user_id, endpoint, field, query, frequency, last_used_at, accept_count, reject_count) VALUES (?,?,?,?,?,?,?,?)');
  h.run(null, '/inventory/', 'all', 'Ethanol', 4, '2026-10-01T08:00:00Z', 1, 0);
  h.run(null, '/inventory/', 'all', 'ETHANOL', 2, '2026-10-05T08:00:00Z', 0, 1); // same normalized query: merged
  h.run(env.userId, '/reagent-orders/', 'all', '64-17-5', 3, '2026-09-01T00:00:00Z', 0, 0);
  h.run(env.userId, '/nope/', 'all', 'ignored', 1, '2026-09-01T00:00:00Z', 0, 0);
}

const memory = (env: Env) =>
  env.dbs.completion.prepare('SELECT user_id, endpoint, norm, query, frequency, last_used_at, accept_count, reject_count FROM search_memory ORDER BY user_id, norm').all();
const marker = (env: Env) => (env.dbs.completion.prepare('SELECT legacy_completion_migrated AS m FROM endpoint_meta').all() as { m: number }[]).map((r) => r.m);

describe('legacy migration', () => {
  it('a fresh database fails the read-only check only because the marker is missing', () => {
    const env = createEnv();
    expect(startupCheck(env.dbs.completion)).toEqual({
      ok: false,
      problems: ['/inventory/', '/reagent-orders/', '/consumable-orders/'].map((e) => `legacy_completion_migrated unset for ${e}`),
    });
  });

  it('copies preferences and query memory once, with the marker; legacy tables stay', () => {
    const env = createEnv();
    legacyTables(env);
    expect(env.maintenance.initialize()).toBe(true);
    expect(marker(env)).toEqual([1, 1, 1]);
    expect(env.service.getPreferences(env.userId)).toEqual({ personalized: false });
    expect(memory(env)).toEqual([
      { user_id: 0, endpoint: '/inventory/', norm: 'ethanol', query: 'ETHANOL', frequency: 6, last_used_at: Date.parse('2026-10-05T08:00:00Z'), accept_count: 1, reject_count: 1 },
      { user_id: env.userId, endpoint: '/reagent-orders/', norm: '64175', query: '64-17-5', frequency: 3, last_used_at: Date.parse('2026-09-01T00:00:00Z'), accept_count: 0, reject_count: 0 },
    ]);
    expect(env.dbs.lab.prepare('SELECT count(*) AS n FROM legacy_search_history').get()).toEqual({ n: 4 });
    expect(env.inline('eth')).toMatchObject({ completion: 'ETHANOL', source: 'global_memory', personalized: false });

    // A second start: the check passes, nothing is imported again and lab.db's legacy tables
    // are not even read (a broken legacy table would fail the copy).
    env.dbs.lab.exec('DROP TABLE legacy_search_history; CREATE TABLE legacy_search_history (nonsense TEXT)');
    const again = new CompletionMaintenance(env.dir, silentLogger());
    expect(again.initialize()).toBe(true);
    again.close();
    expect(memory(env)).toHaveLength(2);
    expect((memory(env)[0] as { frequency: number }).frequency).toBe(6);
  });

  it('an active index generation missing its tables: the upgrade recreates them and marks stale, legacy data is not copied again', async () => {
    const env = createEnv();
    legacyTables(env);
    env.inventory({ name: 'Methanol' });
    expect(env.maintenance.initialize()).toBe(true);
    await env.maintenance.rebuild();
    expect(env.inline('meth')).toMatchObject({ completion: 'Methanol' });
    const t = activeTables(env);
    env.dbs.completion.exec(`DROP TABLE ${t.terms}`);
    expect(startupCheck(env.dbs.completion).problems).toEqual([`missing ${t.terms}`, `missing ${t.terms}_rank`, `missing ${t.terms}_norm`]);

    const again = new CompletionMaintenance(env.dir, silentLogger());
    expect(again.initialize()).toBe(true);
    expect(startupCheck(env.dbs.completion)).toEqual({ ok: true, problems: [] });
    expect(metaOf(env, '/inventory/').stale).toBe(1);
    expect(memory(env)).toHaveLength(2);
    expect((memory(env)[0] as { frequency: number }).frequency).toBe(6);
    expect(env.inline('meth').completion).toBe(''); // empty tables until the rebuild
    await again.rebuild();
    again.close();
    expect(env.inline('meth')).toMatchObject({ completion: 'Methanol', source: 'entity_index' });
  });

  it('a failed copy leaves no marker and no half import; the next start retries', () => {
    const env = createEnv();
    legacyTables(env);
    env.dbs.lab.exec('ALTER TABLE legacy_search_history RENAME COLUMN query TO q');
    expect(env.maintenance.initialize()).toBe(false);
    expect(env.logs.some((l) => l.msg === 'Completion initialization failed')).toBe(true);
    expect(marker(env)).toEqual([0, 0, 0]);
    expect(memory(env)).toEqual([]);
    expect(env.dbs.completion.prepare('SELECT count(*) AS n FROM user_prefs').get()).toEqual({ n: 0 });
    env.dbs.lab.exec('ALTER TABLE legacy_search_history RENAME COLUMN q TO query');
    expect(env.maintenance.initialize()).toBe(true);
    expect(marker(env)).toEqual([1, 1, 1]);
    expect(memory(env)).toHaveLength(2);
  });

  it('an install without legacy tables just sets the marker', () => {
    const env = createEnv();
    expect(env.maintenance.initialize()).toBe(true);
    expect(marker(env)).toEqual([1, 1, 1]);
    expect(memory(env)).toEqual([]);
  });
});
