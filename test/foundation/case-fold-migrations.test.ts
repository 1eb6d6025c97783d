// Full case folding changed what normalize_search_term stores. Databases written before it are
// brought along by migrations: lab.db's search columns are normalized again (so `weiss` finds a
// brand stored as "weiß…" before the change), completion.db's memory keys are normalized again
// (records that now share a key merge) and its entity index is marked for a rebuild.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/db/open';
import { migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { memoryRankKey } from '../../src/main/completion/ranking';
import { searchWhere } from '../../src/main/stores/record-list-store';
import { tempDir } from '../support/temp';

const upTo = <T extends { version: number }>(all: readonly T[], v: number) => all.filter((m) => m.version <= v);
const SEP = '\u001f';

describe('migrations for full case folding', () => {
  it('lab.db: search columns stored with the old folding are normalized again and found by weiss', () => {
    const db = openDatabase(path.join(tempDir(), 'lab.db'));
    try {
      migrate(db, upTo(labMigrations, 1));
      // What version 1 stored for brand "Weiß Labortechnik" (lower-cased only) and one plain row.
      db.prepare(`INSERT INTO inventory_items (name, quantity, status, brand, s_name, s_brand, search_all) VALUES (?, 1, 'in_stock', ?, ?, ?, ?)`).run(
        'Pipettenspitzen',
        'Weiß Labortechnik',
        'pipettenspitzen',
        'weißlabortechnik',
        `pipettenspitzen${SEP}weißlabortechnik`,
      );
      db.prepare(`INSERT INTO inventory_items (name, quantity, status, s_name, search_all) VALUES ('Ethanol', 1, 'in_stock', 'ethanol', 'ethanol')`).run();
      const where = searchWhere('/inventory/', 't', 'all', 'weiss');
      const find = () => db.prepare(`SELECT name FROM inventory_items t WHERE ${where.sql.join(' AND ')}`).pluck().all(...where.params);
      expect(find()).toEqual([]);

      migrate(db, labMigrations);
      expect(find()).toEqual(['Pipettenspitzen']);
      const row = db.prepare(`SELECT s_brand, search_all FROM inventory_items WHERE name = 'Pipettenspitzen'`).get();
      expect(row).toEqual({ s_brand: 'weisslabortechnik', search_all: `pipettenspitzen${SEP}weisslabortechnik` });
      expect(db.prepare(`SELECT search_all FROM inventory_items WHERE name = 'Ethanol'`).pluck().get()).toBe('ethanol');
    } finally {
      db.close();
    }
  });

  it('completion.db: memory keys are normalized again, records that now coincide merge, the index is rebuilt', () => {
    const db = openDatabase(path.join(tempDir(), 'completion.db'));
    try {
      migrate(db, upTo(completionMigrations, 5));
      db.exec('UPDATE endpoint_meta SET stale = 0');
      const ins = db.prepare(
        `INSERT INTO search_memory (user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (?, '/inventory/', 'all', ?, ?, ?, ?, ?, ?, ?)`,
      );
      ins.run(0, 'weiß', 'Weiß', 3, 1000, 1, 0, memoryRankKey(3, 1000, 1, 0));
      ins.run(0, 'weiss', 'weiss', 2, 5000, 0, 1, memoryRankKey(2, 5000, 0, 1));
      ins.run(7, 'straße', 'Straße', 1, 2000, 0, 0, memoryRankKey(1, 2000, 0, 0));
      ins.run(7, 'ethanol', 'Ethanol', 4, 3000, 0, 0, memoryRankKey(4, 3000, 0, 0));

      migrate(db, completionMigrations);
      const rows = db.prepare('SELECT user_id, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key FROM search_memory ORDER BY user_id, norm').all();
      expect(rows).toEqual([
        { user_id: 0, norm: 'weiss', query: 'weiss', frequency: 5, last_used_at: 5000, accept_count: 1, reject_count: 1, rank_key: memoryRankKey(5, 5000, 1, 1) },
        { user_id: 7, norm: 'ethanol', query: 'Ethanol', frequency: 4, last_used_at: 3000, accept_count: 0, reject_count: 0, rank_key: memoryRankKey(4, 3000, 0, 0) },
        { user_id: 7, norm: 'strasse', query: 'Straße', frequency: 1, last_used_at: 2000, accept_count: 0, reject_count: 0, rank_key: memoryRankKey(1, 2000, 0, 0) },
      ]);
      expect(db.prepare('SELECT DISTINCT stale FROM endpoint_meta').pluck().all()).toEqual([1]);
    } finally {
      db.close();
    }
  });
});
