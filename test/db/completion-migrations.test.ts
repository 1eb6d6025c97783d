// completion.db's frozen migrations (src/main/db/migrations/completion): each one against what the
// code before the freeze did (fixtures/migrations-completion.json, taken from it), the promises
// each one makes, and the upgrade of a database of every earlier version.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/main/db/open';
import { latestVersion, migrate } from '../../src/main/db/migrate';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { completionAt, contentsOf, schemaOf, upTo } from './migration-fixtures';
import { tempDir } from '../support/temp';

const OLD = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'migrations-completion.json'), 'utf8')) as Record<string, { schema: unknown; upgraded: unknown }>;
const LATEST = latestVersion(completionMigrations);

const fresh = (): Db => openDatabase(path.join(tempDir(), 'completion.db'));
const count = (db: Db, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const has = (db: Db, name: string) => !!db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name);
const col = (db: Db, sql: string) => db.prepare(sql).pluck().all();
const columns = (db: Db, table: string) => (db.pragma(`table_xinfo(${table})`) as { name: string }[]).map((c) => c.name);

function upgradeTo(version: number): { db: Db; memory: number } {
  const db = completionAt(fresh(), completionMigrations, version - 1);
  const memory = version > 1 ? count(db, 'search_memory') : 0;
  expect(migrate(db, upTo(completionMigrations, version))).toEqual([version]);
  expect(contentsOf(db)).toEqual(OLD[version]!.upgraded);
  return { db, memory };
}

describe('completion.db schema', () => {
  it('a new database has, at every version, the schema the code before the freeze made', () => {
    expect(completionMigrations.map((m) => m.version)).toEqual(Array.from({ length: LATEST }, (_, i) => i + 1));
    for (let v = 1; v <= LATEST; v++) {
      const db = fresh();
      migrate(db, upTo(completionMigrations, v));
      expect(schemaOf(db), `version ${v}`).toEqual(OLD[v]!.schema);
      db.close();
    }
  });
});

describe('each completion.db migration', () => {
  it('v1 creates memory, index, preference and meta tables with one stale row per list endpoint', () => {
    const { db } = upgradeTo(1);
    expect(col(db, 'SELECT endpoint FROM endpoint_meta WHERE stale = 1 ORDER BY endpoint')).toEqual(['/consumable-orders/', '/inventory/', '/reagent-orders/']);
    completionAt(db, completionMigrations, 1);
    expect(count(db, 'search_memory')).toBe(5);
  });

  it('v2 adds the one- and two-character prefix columns and their indexes', () => {
    const { db, memory } = upgradeTo(2);
    expect(count(db, 'search_memory')).toBe(memory);
    expect(db.prepare(`SELECT p1, p2 FROM search_memory WHERE norm = 'weiß'`).get()).toEqual({ p1: 'w', p2: 'we' });
    expect([has(db, 'search_memory_p1'), has(db, 'search_memory_p2')]).toEqual([true, true]);
  });

  it('v3 replaces the shared entity tables by empty tables per list endpoint at its active generation, all stale', () => {
    const { db, memory } = upgradeTo(3);
    expect(count(db, 'search_memory')).toBe(memory);
    for (const t of ['entity_rows', 'entity_terms', 'entity_prefix_top']) expect(has(db, t)).toBe(false);
    for (const t of ['ix_inventory_2_rows', 'ix_inventory_2_terms', 'ix_inventory_2_top', 'ix_reagent_orders_0_rows', 'ix_consumable_orders_0_top']) expect(has(db, t)).toBe(true);
    expect(col(db, `SELECT count(*) FROM sqlite_master WHERE name LIKE 'ix\\_%' ESCAPE '\\' AND name NOT LIKE 'ix\\_inventory\\_2\\_%' ESCAPE '\\' AND name NOT LIKE 'ix\\_%\\_0\\_%' ESCAPE '\\'`)).toEqual([0]);
    expect(count(db, 'ix_inventory_2_rows')).toBe(0);
    expect(col(db, 'SELECT DISTINCT stale FROM endpoint_meta')).toEqual([1]);
  });

  it('v4 drops the generated prefix columns for covering expression indexes', () => {
    const { db, memory } = upgradeTo(4);
    expect(count(db, 'search_memory')).toBe(memory);
    expect(columns(db, 'search_memory')).not.toContain('p1');
    expect(col(db, `SELECT sql FROM sqlite_master WHERE name IN ('search_memory_p1', 'search_memory_p2') ORDER BY name`)).toEqual([
      expect.stringContaining('substr(norm, 1, 1), rank_key, id'),
      expect.stringContaining('substr(norm, 1, 2), rank_key, id'),
    ]);
  });

  it('v5 adds the three- and four-character prefix indexes', () => {
    const { db, memory } = upgradeTo(5);
    expect(count(db, 'search_memory')).toBe(memory);
    expect([has(db, 'search_memory_p3'), has(db, 'search_memory_p4')]).toEqual([true, true]);
  });

  it('v6 re-keys memory with full case folding, merging records that now coincide, and marks the index stale', () => {
    const { db, memory } = upgradeTo(6);
    expect(count(db, 'search_memory')).toBe(memory - 1);
    expect(col(db, `SELECT norm FROM search_memory WHERE norm LIKE '%ß%'`)).toEqual([]);
    const merged = db.prepare(`SELECT query, frequency, last_used_at, accept_count, reject_count, rank_key FROM search_memory WHERE user_id = 2 AND norm = 'weiss'`).get();
    const rank = Math.log(Math.log1p(5) * (2 / 4)) + 0.05 * (1_709_366_400_000 / 86_400_000);
    expect(merged).toEqual({ query: 'weiss', frequency: 5, last_used_at: 1_709_366_400_000, accept_count: 1, reject_count: 1, rank_key: rank });
    expect(col(db, `SELECT query FROM search_memory WHERE norm = 'strasse'`)).toEqual(['Straße']);
    expect(col(db, 'SELECT DISTINCT stale FROM endpoint_meta')).toEqual([1]);
  });
});

describe('an older completion.db', () => {
  it('upgrades from every earlier version to the latest', () => {
    for (let v = 1; v < LATEST; v++) {
      const db = completionAt(fresh(), completionMigrations, v);
      const prefs = count(db, 'user_prefs');
      migrate(db, completionMigrations);
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
      expect(schemaOf(db).filter((o) => !o.name.startsWith('ix_')), `from version ${v}`).toEqual(
        (OLD[LATEST]!.schema as Array<{ name: string }>).filter((o) => !o.name.startsWith('ix_')),
      );
      // Every list endpoint has its active generation's tables; the merge of weiß/weiss leaves 4 records.
      expect(col(db, `SELECT count(*) FROM endpoint_meta e WHERE e.endpoint != '/retired/' AND NOT EXISTS (SELECT 1 FROM sqlite_master WHERE name LIKE 'ix\\_%\\_' || e.active_gen || '\\_rows' ESCAPE '\\')`)).toEqual([0]);
      expect([count(db, 'search_memory'), count(db, 'user_prefs')]).toEqual([4, prefs]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  });
});
