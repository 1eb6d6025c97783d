// lab.db's frozen migrations (src/main/db/migrations/lab): each one against what the code before
// the freeze did (fixtures/migrations-lab.json, taken from it), the promises each one makes, and
// the upgrade of a database of every earlier version.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/main/db/open';
import { latestVersion, migrate } from '../../src/main/db/migrate';
import { openDatabases } from '../../src/main/db/databases';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { completionMigrations } from '../../src/main/db/migrations/completion';
import { contentsOf, labAt, schemaOf, upTo } from './migration-fixtures';
import { tempDir } from '../support/temp';

type Fixture = Record<string, { schema: unknown; upgraded: Record<string, unknown> }>;
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')) as Fixture;
const OLD = read('migrations-lab.json');
const OLD_COMPLETION = read('migrations-completion.json');
const LATEST = latestVersion(labMigrations);
const VERSIONS = labMigrations.map((m) => m.version);
const RECORD_TABLES = ['users', 'sessions', 'audit_log', 'inventory_items', 'reagent_orders', 'consumable_orders'];

const fresh = (): Db => openDatabase(path.join(tempDir(), 'lab.db'));
const count = (db: Db, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const counts = (db: Db) => Object.fromEntries(RECORD_TABLES.map((t) => [t, count(db, t)]));
const has = (db: Db, name: string) => !!db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name);
const col = (db: Db, sql: string, ...p: unknown[]) => db.prepare(sql).pluck().all(...p);

/** The fixture at version - 1, upgraded by `version` alone; checks it did what the old code did. */
function upgradeTo(version: number): { db: Db; before: Record<string, number> } {
  const db = labAt(fresh(), labMigrations, version - 1);
  const before = version > 1 ? counts(db) : {};
  expect(migrate(db, upTo(labMigrations, version))).toEqual([version]);
  expect(contentsOf(db)).toEqual(OLD[version]!.upgraded);
  return { db, before };
}

describe('lab.db schema', () => {
  it('a new database has, at every version, the schema the code before the freeze made', () => {
    expect(VERSIONS).toEqual(Array.from({ length: LATEST }, (_, i) => i + 1));
    for (const v of VERSIONS) {
      const db = fresh();
      migrate(db, upTo(labMigrations, v));
      expect(schemaOf(db), `version ${v}`).toEqual(OLD[v]!.schema);
      db.close();
    }
  });

  it('a new data directory opens with both final schemas byte for byte as before', () => {
    const dbs = openDatabases(tempDir());
    try {
      expect(schemaOf(dbs.lab)).toEqual(OLD[LATEST]!.schema);
      expect(schemaOf(dbs.completion)).toEqual(OLD_COMPLETION[latestVersion(completionMigrations)]!.schema);
    } finally {
      dbs.close();
    }
  });
});

describe('each lab.db migration', () => {
  it('v1 creates the record tables, which take the representative rows', () => {
    const { db } = upgradeTo(1);
    for (const t of RECORD_TABLES) expect(has(db, t)).toBe(true);
    labAt(db, labMigrations, 1);
    expect(counts(db)).toEqual({ users: 3, sessions: 1, audit_log: 1, inventory_items: 5, reagent_orders: 3, consumable_orders: 2 });
  });

  it('v2 adds import_submissions, one row per batch item', () => {
    const { db, before } = upgradeTo(2);
    expect(counts(db)).toEqual(before);
    const add = db.prepare(`INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by) VALUES ('b', 'i', 'reagent', 1, 2)`);
    add.run();
    expect(() => add.run()).toThrow(/UNIQUE/);
  });

  it('v3 normalizes the stored search columns again with full case folding', () => {
    const { db, before } = upgradeTo(3);
    expect(counts(db)).toEqual(before);
    expect(col(db, 'SELECT s_brand FROM inventory_items WHERE id = 1')).toEqual(['weisslabortechnik']);
    expect(col(db, 'SELECT search_all FROM reagent_orders WHERE id = 1')).toEqual([['乙醇', '64175', 'weisslabortechnik', '溶剂', '王伟', 'e1', '500ml'].join('\u001f')]);
    expect(col(db, 'SELECT s_communication FROM consumable_orders ORDER BY id')).toEqual(['strasse', 'strasse5']);
    expect(col(db, `SELECT count(*) FROM inventory_items WHERE search_all LIKE '%ß%' OR s_brand LIKE '%ß%'`)).toEqual([0]);
  });

  it('v4 fills and indexes sort keys: pinyin for Chinese, lower case otherwise', () => {
    const { db, before } = upgradeTo(4);
    expect(counts(db)).toEqual(before);
    expect(db.prepare('SELECT name_sort, english_name_sort, unit_sort FROM inventory_items WHERE id = 1').get()).toEqual({ name_sort: 'yi3chun2', english_name_sort: 'ethanol', unit_sort: 'ping2' });
    expect(col(db, 'SELECT display_name_sort FROM users ORDER BY id')).toEqual(['guan3li3yuan2', 'wang2wei3', 'jürgen müller']);
    expect(col(db, 'SELECT count(*) FROM consumable_orders WHERE communication_sort = lower(communication)')).toEqual([2]);
    expect(has(db, 'inventory_items_name_sort')).toBe(true);
    expect(has(db, 'inventory_name')).toBe(false);
  });

  it('v5 lets unit_price be NULL and turns the stored 0 placeholders into NULL', () => {
    const { db, before } = upgradeTo(5);
    expect(counts(db)).toEqual(before);
    expect(col(db, 'SELECT unit_price FROM reagent_orders ORDER BY id')).toEqual([null, 12.5, null]);
    expect(col(db, 'SELECT unit_price FROM consumable_orders ORDER BY id')).toEqual([null, 3.2]);
    db.prepare(`INSERT INTO consumable_orders (name, quantity, unit_price, applicant_id, status) VALUES ('x', 1, NULL, 2, 'approved')`).run();
    expect(() => db.prepare(`INSERT INTO consumable_orders (name, quantity, unit_price, applicant_id, status) VALUES ('x', 1, -1, 2, 'approved')`).run()).toThrow(/CHECK/);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('v6 indexes every record for list search and adds one index per list sort', () => {
    const { db, before } = upgradeTo(6);
    expect(counts(db)).toEqual(before);
    for (const t of ['inventory_items', 'reagent_orders', 'consumable_orders']) expect(count(db, `${t}_fts_docsize`)).toBe(before[t]);
    expect(col(db, `SELECT rowid FROM inventory_items_fts WHERE inventory_items_fts MATCH '{s_brand}: "weiss"'`)).toEqual([1]);
    expect(has(db, 'inventory_items_by_name')).toBe(true);
    expect(has(db, 'inventory_items_name_sort')).toBe(false);
    expect(has(db, 'inventory_updated')).toBe(false);
  });

  it('v7 moves existing items into the stock model: locations, container amounts, opening movements', () => {
    const { db, before } = upgradeTo(7);
    expect(counts(db)).toEqual(before);
    expect(col(db, 'SELECT path FROM locations ORDER BY id')).toEqual(['A柜 1层', 'Cold room']);
    expect(col(db, `SELECT count(*) FROM inventory_items i LEFT JOIN locations l ON l.id = i.location_id WHERE i.storage_location IS NOT coalesce(l.path, '')`)).toEqual([0]);
    // 3 瓶 of 500 mL → 1500 mL in containers of 500; "AR, 500 mL" is not just a size and stays.
    expect(db.prepare('SELECT quantity, unit, container_size, container_label FROM inventory_items WHERE id = 1').get()).toEqual({ quantity: 1500, unit: 'mL', container_size: 500, container_label: '瓶' });
    expect(db.prepare('SELECT quantity, unit, container_size FROM inventory_items WHERE id = 5').get()).toEqual({ quantity: 50, unit: 'g', container_size: 25 });
    // Consumed and disposed items stand at 0 after a matching movement.
    expect(col(db, `SELECT quantity FROM inventory_items WHERE status IN ('consumed', 'disposed') ORDER BY id`)).toEqual([0, 0]);
    expect(col(db, `SELECT kind FROM stock_movements ORDER BY id`)).toEqual(['received', 'received', 'used', 'received', 'disposed', 'received', 'received']);
    expect(col(db, 'SELECT order_id FROM stock_movements WHERE item_id = 5')).toEqual([3]);
    // Every item's balance is the sum of its movements.
    expect(col(db, `SELECT count(*) FROM inventory_items i WHERE i.quantity != (SELECT sum(delta) FROM stock_movements m WHERE m.item_id = i.id)`)).toEqual([0]);
  });

  it('v8 adds the controlled categories and flags records by trigger', () => {
    const { db, before } = upgradeTo(8);
    expect(counts(db)).toEqual(before);
    expect(col(db, 'SELECT key FROM controlled_categories ORDER BY sort')).toEqual(['highly_toxic', 'precursor', 'explosive', 'narcotic']);
    expect(col(db, 'SELECT count(*) FROM inventory_items WHERE controlled IS NOT NULL')).toEqual([0]);
    db.prepare(`INSERT INTO controlled_cas (category_id, cas) VALUES (1, '64175')`).run();
    expect(col(db, 'SELECT controlled FROM inventory_items WHERE id = 1')).toEqual(['1']);
    expect(col(db, 'SELECT controlled FROM reagent_orders WHERE id = 1')).toEqual(['1']);
  });

  it('v9 adds the stocktake tables, empty', () => {
    const { db, before } = upgradeTo(9);
    expect(counts(db)).toEqual(before);
    expect([count(db, 'stocktakes'), count(db, 'stocktake_lines')]).toEqual([0, 0]);
  });

  it('v10 rebuilds the search index without search_all, adds a letter index per list and drops inventory_cas', () => {
    const { db, before } = upgradeTo(10);
    expect(counts(db)).toEqual(before);
    for (const t of ['inventory_items', 'reagent_orders', 'consumable_orders']) {
      expect(count(db, `${t}_fts_docsize`)).toBe(before[t]);
      expect(col(db, `SELECT sql FROM sqlite_master WHERE name = ?`, `${t}_fts`)[0]).not.toContain('search_all');
      expect(count(db, `${t}_letters`)).toBe(before[t]);
    }
    // 'e' is bit 4: in Ethanol's row (e1), not in 氯化钠's (n3, 25g).
    expect(col(db, 'SELECT (mask >> 4) & 1 FROM reagent_orders_letters ORDER BY id')).toEqual([1, 1, 0]);
    expect(col(db, `SELECT rowid FROM reagent_orders_fts WHERE reagent_orders_fts MATCH '{s_rest}: "500ml"'`)).toEqual([1]);
    expect(has(db, 'inventory_cas')).toBe(false);
  });

  it("v11 gives every inventory item notes, '' where there were none", () => {
    const { db, before } = upgradeTo(11);
    expect(counts(db)).toEqual(before);
    expect(col(db, 'SELECT count(*) FROM inventory_items WHERE notes IS NULL')).toEqual([0]);
    expect(col(db, "SELECT count(*) FROM inventory_items WHERE notes = ''")).toEqual([before.inventory_items]);
  });

  it('v12 adds the notification tables, empty; they take rows per recipient and refuse what is not theirs', () => {
    const { db, before } = upgradeTo(12);
    expect(counts(db)).toEqual(before);
    expect([count(db, 'notifications'), count(db, 'notification_settings')]).toEqual([0, 0]);
    const add = db.prepare('INSERT INTO notifications (user_id, kind, order_type, order_id, params) VALUES (?, ?, ?, ?, ?) RETURNING id, created_at, read_at');
    expect(add.get(2, 'order_approved', 'reagent', 1, '{"name":"乙醇"}')).toEqual({ id: 1, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), read_at: null });
    expect(() => add.get(2, 'order_approved', 'other', 1, '{}')).toThrow(/CHECK/);
    expect(() => add.get(2, 'order_approved', 'reagent', 1, 'not json')).toThrow(/CHECK/);
    expect(() => add.get(99, 'order_approved', 'reagent', 1, '{}')).toThrow(/FOREIGN KEY/);
    db.prepare('INSERT INTO notification_settings (user_id, kind, enabled) VALUES (2, ?, 0)').run('order_arrived');
    expect(() => db.prepare('INSERT INTO notification_settings (user_id, kind, enabled) VALUES (2, ?, 1)').run('order_arrived')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => db.prepare('INSERT INTO notification_settings (user_id, kind, enabled) VALUES (2, ?, 2)').run('order_approved')).toThrow(/CHECK/);
    // The unread count and the newest-first page of one person read their indexes.
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' ');
    expect(plan('SELECT count(*) FROM notifications WHERE user_id = 2 AND read_at IS NULL')).toContain('notifications_unread');
    expect(plan('SELECT * FROM notifications WHERE user_id = 2 ORDER BY id DESC LIMIT 50')).toContain('notifications_by_user');
  });

  it('v13 gives the rows with Chinese their pinyin forms and indexes them; rows without stay out of the pinyin index', () => {
    const { db, before } = upgradeTo(13);
    expect(counts(db)).toEqual(before);
    expect(col(db, 'SELECT py_name FROM inventory_items ORDER BY id')).toEqual(['yichun\u001fyc', 'bingtong\u001fbt', '', 'erlvjiawan\u001feljw', 'lvhuana\u001flhn']);
    // A柜 1层: only the Chinese is read.
    expect(col(db, 'SELECT py_storage_location FROM inventory_items WHERE id = 1')).toEqual(['guiceng\u001fgc']);
    expect(col(db, 'SELECT py_applicant FROM reagent_orders WHERE id = 1')).toEqual(['wangwei\u001fww']);
    expect(col(db, 'SELECT py_name FROM consumable_orders ORDER BY id')).toEqual(['yiyeqiangtou\u001fyyqt', '']);
    // Sodium chloride (id 3) has no Chinese anywhere: no row in the pinyin index.
    expect(col(db, 'SELECT rowid FROM inventory_items_pinyin ORDER BY rowid')).toEqual([1, 2, 4, 5]);
    expect(col(db, `SELECT rowid FROM inventory_items_pinyin WHERE inventory_items_pinyin MATCH '{py_name}: "wsyc" OR {py_name}: "yichun"'`)).toEqual([1]);
    expect(col(db, `SELECT rowid FROM consumable_orders_pinyin WHERE consumable_orders_pinyin MATCH '{py_applicant}: "wangwei"'`)).toEqual([1]);
    // The triggers keep it on every write.
    db.prepare(`UPDATE inventory_items SET py_name = 'wushuiyichun' || char(31) || 'wsyc' WHERE id = 3`).run();
    expect(col(db, `SELECT rowid FROM inventory_items_pinyin WHERE inventory_items_pinyin MATCH '{py_name}: "wsyc"'`)).toEqual([3]);
    db.prepare('DELETE FROM inventory_items WHERE id = 3').run();
    expect(col(db, `SELECT rowid FROM inventory_items_pinyin WHERE inventory_items_pinyin MATCH '{py_name}: "wsyc"'`)).toEqual([]);
  });

  it('v14 gives every movement a purpose, empty; an item with a GHS pictogram is hazardous, then and on every later write', () => {
    const { db, before } = upgradeTo(14);
    expect(counts(db)).toEqual(before);
    expect(col(db, "SELECT count(*) FROM stock_movements WHERE purpose = ''")).toEqual([count(db, 'stock_movements')]);
    // the fixture's item 1 had pictograms and said "not hazardous"; items without any keep their flag
    expect(db.prepare('SELECT id, hazardous, ghs FROM inventory_items ORDER BY id').all()).toEqual([
      { id: 1, hazardous: 1, ghs: 'GHS02,GHS07' },
      { id: 2, hazardous: 0, ghs: '' },
      { id: 3, hazardous: 0, ghs: '' },
      { id: 4, hazardous: 1, ghs: 'GHS06' },
      { id: 5, hazardous: 0, ghs: '' },
    ]);
    const flag = (id: number) => col(db, 'SELECT hazardous FROM inventory_items WHERE id = ?', id)[0];
    // Any writer: an insert or an update that sets a pictogram, or clears the flag beside one.
    const id = Number(db.prepare("INSERT INTO inventory_items (name, quantity, unit, status, ghs, hazardous) VALUES ('x', 1, 'g', 'in_stock', 'GHS06', 0)").run().lastInsertRowid);
    expect(flag(id)).toBe(1);
    db.prepare('UPDATE inventory_items SET hazardous = 0 WHERE id = 1').run();
    expect(flag(1)).toBe(1);
    db.prepare("UPDATE inventory_items SET ghs = 'GHS02' WHERE id = 2").run();
    expect(flag(2)).toBe(1);
    // Without pictograms the flag is the person's to set either way.
    db.prepare("UPDATE inventory_items SET ghs = '', hazardous = 0 WHERE id = 2").run();
    expect(flag(2)).toBe(0);
    db.prepare('UPDATE inventory_items SET hazardous = 1 WHERE id = 3').run();
    expect(flag(3)).toBe(1);
    db.prepare("INSERT INTO stock_movements (item_id, kind, amount, delta, unit, balance_after, purpose) VALUES (1, 'borrowed', 1, 0, '瓶', 3, '合成实验')").run();
    expect(col(db, "SELECT purpose FROM stock_movements WHERE kind = 'borrowed' ORDER BY id DESC LIMIT 1")).toEqual(['合成实验']);
  });
});

describe('an older lab.db', () => {
  it('upgrades from every earlier version to the latest, keeping its records', () => {
    for (const v of VERSIONS.filter((x) => x < LATEST)) {
      const db = labAt(fresh(), labMigrations, v);
      const before = counts(db);
      expect(migrate(db, labMigrations)).toEqual(VERSIONS.filter((x) => x > v));
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
      expect(schemaOf(db), `from version ${v}`).toEqual(OLD[LATEST]!.schema);
      expect(counts(db)).toEqual(before);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  });
});
