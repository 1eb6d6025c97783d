// completion.db written by an older version (schema v1: one shared entity_rows/entity_terms table
// with a `gen` column) opened by this one: the entity index moves to per-generation tables, starts
// empty and stale (it is rebuilt from lab.db, spec 000 Versioning), memory and preferences stay.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { openDatabase } from '../../src/main/db/open';
import { migrate } from '../../src/main/db/migrate';
import { openDatabases } from '../../src/main/db/databases';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { startupCheck } from '../../src/main/completion/legacy.child';
import { tablesOf } from '../../src/main/stores/completion/entity-index-store';
import { entityIndexOf } from '../../src/main/completion/index-sync';
import { CompletionMaintenance } from '../../src/main/completion/maintenance.child';
import { CompletionReader } from '../../src/main/completion/reader';
import { silentLogger } from '../../src/main/logging';
import { memoryRankKey } from '../../src/main/completion/ranking';
import { tempDir } from './helpers';

describe('completion.db schema upgrade', () => {
  it('v1 → current: shared index tables replaced by the active generation, stale; memory kept; the rebuild fills it', async () => {
    const dir = tempDir();
    const old = openDatabase(path.join(dir, 'completion.db'));
    migrate(old, completionMigrations.filter((m) => m.version === 1));
    old.exec(`
      UPDATE endpoint_meta SET active_gen = 4, stale = 0, legacy_completion_migrated = 1;
      INSERT INTO entity_rows(endpoint, gen, entity_type, entity_id, field, text, norm, operational_score) VALUES ('/inventory/', 4, 'inventory_item', 1, 'name', 'Old name', 'oldname', 1);
    `);
    const now = Date.now();
    old.prepare("INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, rank_key) VALUES (0, '/inventory/', 'all', 'ethanol', 'Ethanol', 3, ?, ?)").run(now, memoryRankKey(3, now, 0, 0));
    old.close();

    const dbs = openDatabases(dir);
    dbs.lab.prepare("INSERT INTO inventory_items(name, quantity, status) VALUES ('Methanol', 1, 'in_stock')").run();
    const c = dbs.completion;
    const names = (c.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
    expect(names).not.toContain('entity_rows');
    expect(entityIndexOf(c).generationsOnDisk('/inventory/')).toEqual([4]);
    expect(c.prepare(`SELECT count(*) AS n FROM ${tablesOf('/inventory/', 4).rows}`).get()).toEqual({ n: 0 });
    expect(c.prepare('SELECT DISTINCT stale FROM endpoint_meta').all()).toEqual([{ stale: 1 }]);
    expect(c.prepare('SELECT query FROM search_memory').all()).toEqual([{ query: 'Ethanol' }]);
    // The start-up check passes: no legacy copy runs again.
    expect(startupCheck(c)).toEqual({ ok: true, problems: [] });

    const m = new CompletionMaintenance(dir, silentLogger());
    await m.rebuild();
    m.close();
    expect(entityIndexOf(c).generationsOnDisk('/inventory/')).toEqual([5]);
    const reader = new CompletionReader(dir, silentLogger());
    expect(reader.inline(1, { endpoint: '/inventory/', field: 'all', q: 'meth' })).toMatchObject({ completion: 'Methanol', source: 'entity_index' });
    // Memory kept through the upgrades, found by the one-, two- and longer-prefix paths.
    for (const q of ['e', 'et', 'eth']) expect(reader.inline(1, { endpoint: '/inventory/', field: 'all', q })).toMatchObject({ completion: 'Ethanol', source: 'global_memory' });
    reader.close();
    dbs.close();
  });
});
