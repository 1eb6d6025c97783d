// Fixture databases for the migration tests: a database at any schema version with representative
// rows (written in the shape that version had), and a dump of what a database holds. The rows are
// inserted at version 1 (and a few at the version that added their table), then carried up by the
// migrations, so every data migration meets rows it has to rewrite: old case folding in the
// search columns, Chinese names to sort, 0 placeholders for prices, "3 瓶" of "500 mL", memory
// keys that merge under full case folding.
import type { Db } from '../../src/main/db/open';
import { migrate, type Migration } from '../../src/main/db/migrate';

const SEP = '\u001f';
const T0 = '2024-03-01T08:00:00.000Z';
const T1 = '2024-03-02T09:30:00.000Z';

/** Migrations up to and including `version`. */
export const upTo = (all: readonly Migration[], version: number): Migration[] => all.filter((m) => m.version <= version);

function seedLabV1(db: Db): void {
  const user = db.prepare('INSERT INTO users (id, username, display_name, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  user.run(1, 'admin', '管理员', 'admin', 'h1', T0, T0);
  user.run(2, 'wang', '王伟', 'member', 'h2', T0, T0);
  user.run(3, 'mueller', 'Jürgen Müller', 'member', 'h3', T0, T0);
  db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)').run('tok', 2, T0, T0, T1);
  db.prepare('INSERT INTO audit_log (at, user_id, entity_type, entity_id, action, changes) VALUES (?, ?, ?, ?, ?, ?)').run(T0, 1, 'inventory_item', 1, 'create', '{}');

  const order = db.prepare(`INSERT INTO reagent_orders (name, english_name, cas_number, specification, quantity, unit_price, brand, category, product_number, applicant_id, status, created_at, updated_at,
      search_all, s_name, s_cas_number, s_brand, s_category, s_applicant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // Version 1 folded by lower-casing only: ß stayed ß.
  order.run('乙醇', 'Ethanol', '64175', '500 mL', 2, 0, 'Weiß Labortechnik', '溶剂', 'E-1', 2, 'pending_approval', T0, T0,
    ['乙醇', '64175', 'weißlabortechnik', '溶剂', '王伟', 'e1', '500ml'].join(SEP), '乙醇', '64175', 'weißlabortechnik', '溶剂', '王伟');
  order.run('Acetone', '', '67641', '1 L', 1, 12.5, 'Sigma', 'Solvent', 'A-2', 3, 'approved', T0, T1,
    ['acetone', '67641', 'sigma', 'solvent', 'jürgenmüller', 'a2', '1l'].join(SEP), 'acetone', '67641', 'sigma', 'solvent', 'jürgenmüller');
  order.run('氯化钠', 'Sodium chloride', '7647145', '25 g', 2, 0, '国药', '无机盐', 'N-3', 2, 'stocked_in', T0, T1,
    ['氯化钠', '7647145', '国药', '无机盐', '王伟', 'n3', '25g'].join(SEP), '氯化钠', '7647145', '国药', '无机盐', '王伟');

  const consumable = db.prepare(`INSERT INTO consumable_orders (name, specification, quantity, unit_price, communication, applicant_id, status, created_at, updated_at,
      search_all, s_name, s_specification, s_communication, s_applicant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  consumable.run('移液枪头', '200 µL', 10, 0, 'STRASSE', 2, 'pending_approval', T0, T0, ['移液枪头', '200µl', 'strasse', '王伟'].join(SEP), '移液枪头', '200µl', 'strasse', '王伟');
  consumable.run('Gloves', 'M', 5, 3.2, 'Straße 5', 3, 'completed', T0, T1, ['gloves', 'm', 'straße5', 'jürgenmüller'].join(SEP), 'gloves', 'm', 'straße5', 'jürgenmüller');

  const item = db.prepare(`INSERT INTO inventory_items (name, english_name, cas_number, specification, quantity, unit, storage_location, brand, category, product_number, status,
      borrowed_by, borrowed_at, source_order_id, created_by, created_at, updated_at, search_all, s_name, s_cas_number, s_storage_location, s_brand, s_category)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const s = (...parts: string[]) => parts.filter(Boolean).join(SEP);
  item.run('乙醇', 'Ethanol', '64175', '500 mL', 3, '瓶', 'A柜 1层', 'Weiß Labortechnik', '溶剂', 'E-1', 'in_stock', null, null, null, 1, T0, T0,
    s('乙醇', '64175', 'a柜1层', 'weißlabortechnik', '溶剂', 'e1', '500ml'), '乙醇', '64175', 'a柜1层', 'weißlabortechnik', '溶剂');
  item.run('丙酮', 'Acetone', '67641', 'AR, 500 mL', 2, '瓶', 'A柜 1层', 'Sigma', '溶剂', '', 'consumed', null, null, null, 2, T0, T1,
    s('丙酮', '67641', 'a柜1层', 'sigma', '溶剂', 'ar,500ml'), '丙酮', '67641', 'a柜1层', 'sigma', '溶剂');
  item.run('Sodium chloride', '', '7647145', '500g', 1.5, 'kg', 'Cold room', '', 'Salt', '', 'disposed', null, null, null, 2, T0, T1,
    s('sodiumchloride', '7647145', 'coldroom', 'salt', '500g'), 'sodiumchloride', '7647145', 'coldroom', '', 'salt');
  item.run('二氯甲烷', 'Dichloromethane', '75092', '2.5 L', 4, 'bottle', '', 'ABC', '溶剂', 'D-4', 'borrowed', 2, T1, null, 1, T0, T1,
    s('二氯甲烷', '75092', 'abc', '溶剂', 'd4', '2.5l'), '二氯甲烷', '75092', '', 'abc', '溶剂');
  item.run('氯化钠', 'Sodium chloride', '7647145', '25 g', 2, '瓶', 'Cold room', '国药', '无机盐', 'N-3', 'in_stock', null, null, 3, 1, T1, T1,
    s('氯化钠', '7647145', 'coldroom', '国药', '无机盐', 'n3', '25g'), '氯化钠', '7647145', 'coldroom', '国药', '无机盐');
}

/** Rows of tables that a later version added, inserted right after that version. */
const labExtras: Record<number, (db: Db) => void> = {
  2: (db) => {
    db.prepare('INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)').run('batch-1', 'item-1', 'reagent', 1, 2, T0);
  },
  8: (db) => {
    db.prepare('INSERT INTO controlled_cas (category_id, cas, name, created_at) VALUES (?, ?, ?, ?)').run(2, '67641', '丙酮', T0);
  },
  11: (db) => {
    db.prepare('UPDATE inventory_items SET notes = ? WHERE id = 1').run('开封后冷藏');
  },
  12: (db) => {
    const n = db.prepare('INSERT INTO notifications (user_id, kind, order_type, order_id, item_id, params, created_at, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    n.run(1, 'order_requested', 'reagent', 1, null, JSON.stringify({ name: '乙醇', by: '王伟' }), T0, null);
    n.run(2, 'order_stocked_in', 'reagent', 3, 5, JSON.stringify({ name: '氯化钠', by: '管理员', location: 'Cold room' }), T1, T1);
    n.run(3, 'order_rejected', 'consumable', 2, null, JSON.stringify({ name: 'Gloves', by: '管理员', reason: 'Größe L, bitte' }), T1, null);
    db.prepare('INSERT INTO notification_settings (user_id, kind, enabled) VALUES (?, ?, ?)').run(2, 'order_arrived', 0);
  },
  // Before v14 (after 13, whatever it holds): pictograms on items the flag says are not hazardous.
  13: (db) => {
    db.prepare('UPDATE inventory_items SET ghs = ? WHERE id = 1').run('GHS02,GHS07');
    db.prepare('UPDATE inventory_items SET ghs = ?, hazardous = 1 WHERE id = 4').run('GHS06');
  },
};

function seedCompletionV1(db: Db): void {
  const mem = db.prepare(`INSERT INTO search_memory (user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // weiß and weiss share a key under full case folding: they merge at v6.
  mem.run(2, '/inventory/', 'brand', 'weiß', 'Weiß', 3, 1_709_280_000_000, 1, 0, -1.25);
  mem.run(2, '/inventory/', 'brand', 'weiss', 'weiss', 2, 1_709_366_400_000, 0, 1, -2.5);
  // straße alone: takes its new key.
  mem.run(0, '/consumable-orders/', 'all', 'straße', 'Straße', 1, 1_709_280_000_000, 0, 0, -3);
  mem.run(0, '/inventory/', 'all', 'ethanol', 'Ethanol', 5, 1_709_280_000_000, 2, 0, 0.5);
  mem.run(3, '/reagent-orders/', 'name', '乙', '乙醇', 0, 1_709_280_000_000, 0, 0, -9);
  db.prepare(`INSERT INTO entity_rows (endpoint, gen, entity_type, entity_id, field, text, norm, operational_score) VALUES ('/inventory/', 0, 'inventory_item', 1, 'name', '乙醇', '乙醇', 1)`).run();
  db.prepare(`INSERT INTO entity_terms (endpoint, gen, field, norm, text, score, refs) VALUES ('/inventory/', 0, 'name', '乙醇', '乙醇', 1000, '{}')`).run();
  db.prepare('INSERT INTO user_prefs (user_id, personalized, updated_at) VALUES (2, 0, 1709280000000)').run();
  db.prepare('INSERT INTO completion_meta (key, value) VALUES (?, ?)').run('last_prune_at', '1709280000000');
  // A rebuilt index (generation 2, not stale) and an endpoint no list has any more.
  db.exec(`UPDATE endpoint_meta SET stale = 0, active_gen = 2, change_version = 7 WHERE endpoint = '/inventory/';
           INSERT INTO endpoint_meta (endpoint, stale) VALUES ('/retired/', 0);`);
}

const completionExtras: Record<number, (db: Db) => void> = {
  3: (db) => {
    db.prepare(`INSERT INTO ix_inventory_2_rows (entity_id, field, text, norm, score) VALUES (1, 'name', '乙醇', '乙醇', 1)`).run();
    db.prepare(`INSERT INTO ix_inventory_2_terms (field, norm, text, score, refs) VALUES ('name', '乙醇', '乙醇', 1000, '{"1000":{"乙醇":1}}')`).run();
  },
};

function buildAt(db: Db, migrations: readonly Migration[], version: number, seedV1: (db: Db) => void, extras: Record<number, (db: Db) => void>): Db {
  for (let v = 1; v <= version; v++) {
    migrate(db, upTo(migrations, v));
    if (v === 1) seedV1(db);
    extras[v]?.(db);
  }
  return db;
}

/** lab.db at `version` (0: empty) with the representative rows. */
export const labAt = (db: Db, migrations: readonly Migration[], version: number): Db => buildAt(db, migrations, version, seedLabV1, labExtras);
/** completion.db at `version` (0: empty) with the representative rows. */
export const completionAt = (db: Db, migrations: readonly Migration[], version: number): Db => buildAt(db, migrations, version, seedCompletionV1, completionExtras);

/** The schema as SQLite stores it, in creation order. */
export function schemaOf(db: Db): Array<{ type: string; name: string; tbl_name: string; sql: string | null }> {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid').all() as Array<{ type: string; name: string; tbl_name: string; sql: string | null }>;
}

/** Columns a migration fills with the time it ran (DEFAULT now): not comparable between runs. */
const RUN_TIME: Record<string, string[]> = { locations: ['created_at', 'updated_at'], controlled_categories: ['created_at', 'updated_at'] };

/**
 * Every row of every ordinary table, sorted; the FTS5 shadow tables (whose bytes are SQLite's
 * business) are represented by their row count per index.
 */
export function contentsOf(db: Db): Record<string, unknown> {
  const out: Record<string, unknown> = { user_version: db.pragma('user_version', { simple: true }) };
  const tables = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as Array<{ name: string; sql: string }>;
  for (const { name, sql } of tables) {
    if (/^CREATE VIRTUAL TABLE/i.test(sql)) {
      out[name] = { indexedRows: db.prepare(`SELECT count(*) FROM "${name}_docsize"`).pluck().get() };
      continue;
    }
    if (/_fts_(data|idx|config|docsize|content)$/.test(name)) continue;
    const rows = (db.prepare(`SELECT * FROM "${name}"`).all() as Array<Record<string, unknown>>).map((r) => {
      for (const c of RUN_TIME[name] ?? []) delete r[c];
      return r;
    });
    out[name] = rows.map((r) => JSON.stringify(r)).sort().map((j) => JSON.parse(j) as unknown);
  }
  return out;
}
