// lab.db — the facts: users, sessions, audit, inventory, reagent and consumable orders.
// Forward-only: add a new entry for every change once a version has shipped.
import type { Migration } from './migrate';
import type { Db } from './open';
import { normalizeSearchTerm } from '../../shared/normalize';
import { sortKey } from '../records/sort-key';
import { createSearchIndex, rebuildSearchIndexes } from '../records/search-index';
import { migrateLetterIndexes } from '../records/letter-index';
import { containersOf, toNumber, unitDimension } from '../../shared/amounts';

export const labMigrations: Migration[] = [
  {
    version: 1,
    description: 'users, sessions, audit log, inventory, reagent and consumable orders',
    up(db) {
      db.exec(`
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          username TEXT NOT NULL UNIQUE COLLATE NOCASE,
          display_name TEXT NOT NULL,
          role TEXT NOT NULL CHECK (role IN ('admin','member','public')),
          password_hash TEXT NOT NULL,
          active INTEGER NOT NULL DEFAULT 1,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          created_at TEXT NOT NULL,
          last_seen_at TEXT NOT NULL,
          expires_at TEXT NOT NULL
        );
        CREATE INDEX sessions_user ON sessions(user_id);
        CREATE TABLE audit_log (
          id INTEGER PRIMARY KEY,
          at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          user_id INTEGER REFERENCES users(id),
          entity_type TEXT NOT NULL,
          entity_id INTEGER NOT NULL,
          action TEXT NOT NULL,
          changes TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX audit_entity ON audit_log(entity_type, entity_id, id);
        CREATE TABLE reagent_orders (
          -- AUTOINCREMENT: a deleted record's id is never reused, so its audit history stays its own
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          english_name TEXT NOT NULL DEFAULT '',
          cas_number TEXT NOT NULL DEFAULT '',
          specification TEXT NOT NULL DEFAULT '',
          quantity REAL NOT NULL CHECK (quantity > 0),
          unit_price REAL NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
          brand TEXT NOT NULL DEFAULT '',
          category TEXT NOT NULL DEFAULT '',
          product_number TEXT NOT NULL DEFAULT '',
          hazardous INTEGER NOT NULL DEFAULT 0,
          applicant_id INTEGER NOT NULL REFERENCES users(id),
          notes TEXT NOT NULL DEFAULT '',
          status TEXT NOT NULL CHECK (status IN ('pending_approval','approved','arrived','stocked_in','rejected')),
          reject_reason TEXT NOT NULL DEFAULT '',
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          -- list search (records/search.ts): normalize_search_term of each indexed field,
          -- and of all searchable fields joined by U+001F for field=all
          search_all TEXT NOT NULL DEFAULT '',
          s_name TEXT NOT NULL DEFAULT '',
          s_cas_number TEXT NOT NULL DEFAULT '',
          s_brand TEXT NOT NULL DEFAULT '',
          s_category TEXT NOT NULL DEFAULT '',
          s_applicant TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX reagent_orders_status ON reagent_orders(status);
        CREATE INDEX reagent_orders_applicant ON reagent_orders(applicant_id);
        CREATE INDEX reagent_orders_cas ON reagent_orders(cas_number);
        CREATE INDEX reagent_orders_product ON reagent_orders(product_number, brand);
        CREATE TABLE inventory_items (
          -- AUTOINCREMENT: a deleted record's id is never reused, so its audit history stays its own
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          english_name TEXT NOT NULL DEFAULT '',
          cas_number TEXT NOT NULL DEFAULT '',
          specification TEXT NOT NULL DEFAULT '',
          quantity REAL NOT NULL CHECK (quantity >= 0),
          unit TEXT NOT NULL DEFAULT '',
          storage_location TEXT NOT NULL DEFAULT '',
          brand TEXT NOT NULL DEFAULT '',
          category TEXT NOT NULL DEFAULT '',
          product_number TEXT NOT NULL DEFAULT '',
          hazardous INTEGER NOT NULL DEFAULT 0,
          status TEXT NOT NULL CHECK (status IN ('in_stock','borrowed','consumed','disposed')),
          borrowed_by INTEGER REFERENCES users(id),
          borrowed_at TEXT,
          source_order_id INTEGER UNIQUE REFERENCES reagent_orders(id),
          created_by INTEGER REFERENCES users(id),
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          search_all TEXT NOT NULL DEFAULT '',
          s_name TEXT NOT NULL DEFAULT '',
          s_cas_number TEXT NOT NULL DEFAULT '',
          s_storage_location TEXT NOT NULL DEFAULT '',
          s_brand TEXT NOT NULL DEFAULT '',
          s_category TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX inventory_name ON inventory_items(name);
        CREATE INDEX inventory_updated ON inventory_items(updated_at);
        CREATE INDEX inventory_status ON inventory_items(status);
        CREATE INDEX inventory_cas ON inventory_items(cas_number);
        CREATE INDEX inventory_product ON inventory_items(product_number, brand);
        CREATE TABLE consumable_orders (
          -- AUTOINCREMENT: a deleted record's id is never reused, so its audit history stays its own
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          specification TEXT NOT NULL DEFAULT '',
          quantity REAL NOT NULL CHECK (quantity > 0),
          unit_price REAL NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
          communication TEXT NOT NULL DEFAULT '',
          applicant_id INTEGER NOT NULL REFERENCES users(id),
          notes TEXT NOT NULL DEFAULT '',
          status TEXT NOT NULL CHECK (status IN ('pending_approval','approved','completed','rejected')),
          reject_reason TEXT NOT NULL DEFAULT '',
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          search_all TEXT NOT NULL DEFAULT '',
          s_name TEXT NOT NULL DEFAULT '',
          s_specification TEXT NOT NULL DEFAULT '',
          s_communication TEXT NOT NULL DEFAULT '',
          s_applicant TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX consumable_orders_applicant ON consumable_orders(applicant_id);
        CREATE INDEX consumable_orders_status ON consumable_orders(status);
      `);
    },
  },
  {
    version: 2,
    description: 'import_submissions: which cart-import item became which order',
    up(db) {
      // Written in the same transaction as the order (records/import-submissions.ts). One row per
      // batch item: the UNIQUE pair is what makes a second submission return the first order.
      // order_id points into reagent_orders or consumable_orders by order_kind (no foreign key can
      // span both); deleting an order deletes its row in the same transaction.
      db.exec(`
        CREATE TABLE import_submissions (
          id INTEGER PRIMARY KEY,
          batch_id TEXT NOT NULL,
          item_id TEXT NOT NULL,
          order_kind TEXT NOT NULL CHECK (order_kind IN ('reagent','consumable')),
          order_id INTEGER NOT NULL,
          created_by INTEGER NOT NULL REFERENCES users(id),
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          UNIQUE (batch_id, item_id)
        );
        CREATE INDEX import_submissions_order ON import_submissions(order_kind, order_id);
      `);
    },
  },
  {
    version: 3,
    description: 'search columns: stored texts normalized again with full case folding (ß finds ss)',
    up(db) {
      for (const table of ['inventory_items', 'reagent_orders', 'consumable_orders']) renormalizeSearchColumns(db, table);
    },
  },
  {
    version: 4,
    description: 'sort keys (pinyin for Chinese, lower case otherwise) for the sortable text columns and user names, filled and indexed',
    up(db) {
      // The lists of this version, written out: a later change of records/sort-key.ts's SORT_KEYED
      // adds its own migration.
      addSortKeys(db, 'inventory_items', ['name', 'english_name', 'specification', 'unit', 'storage_location', 'brand', 'category', 'product_number']);
      addSortKeys(db, 'reagent_orders', ['name', 'english_name', 'specification', 'brand', 'category', 'product_number']);
      addSortKeys(db, 'consumable_orders', ['name', 'specification', 'communication']);
      addSortKeys(db, 'users', ['display_name']);
      // The list sorted inventory by this index; it sorts by name_sort now, and nothing else reads it.
      db.exec('DROP INDEX inventory_name');
    },
  },
  {
    version: 5,
    description: 'order unit_price may be NULL (no price given); stored 0 placeholders become NULL',
    up(db) {
      // Version 1 wrote 0 for "no price", which the lists then showed as a price of 0. A typed price
      // of 0 cannot be told apart from that placeholder; an order without a price is far more
      // common than a free one, so each stored 0 becomes NULL.
      for (const table of ['reagent_orders', 'consumable_orders']) dropUnitPriceNotNull(db, table);
      db.exec(`UPDATE reagent_orders SET unit_price = NULL WHERE unit_price = 0;
               UPDATE consumable_orders SET unit_price = NULL WHERE unit_price = 0;`);
    },
  },
  {
    version: 6,
    description: 'list search index (FTS5 trigram over the normalized search columns, kept by triggers) and one index per list sort',
    up(db) {
      // In today's shape (records/search-index.ts; v10 rebuilds it once more, which costs an upgrade
      // from v5 a few seconds and keeps one definition of the index).
      for (const table of ['inventory_items', 'reagent_orders', 'consumable_orders']) createSearchIndex(db, table);
      // One index per sortable column, with status as its second column: a page sorted by the
      // column walks it in order and a status filter is read from the index itself (no row
      // lookups, no sort of every matching row). They replace v4's one-column sort-key indexes.
      const sortIndexes: Record<string, string[]> = {
        inventory_items: ['id', 'name_sort', 'english_name_sort', 'cas_number', 'specification_sort', 'quantity', 'unit_sort', 'storage_location_sort', 'brand_sort', 'category_sort', 'product_number_sort', 'hazardous', 'borrowed_at', 'created_at', 'updated_at'],
        reagent_orders: ['id', 'name_sort', 'english_name_sort', 'cas_number', 'specification_sort', 'quantity', 'unit_price', 'brand_sort', 'category_sort', 'product_number_sort', 'hazardous', 'created_at', 'updated_at'],
        consumable_orders: ['id', 'name_sort', 'specification_sort', 'quantity', 'unit_price', 'communication_sort', 'created_at', 'updated_at'],
      };
      for (const [table, cols] of Object.entries(sortIndexes)) {
        for (const c of cols) {
          if (c.endsWith('_sort')) db.exec(`DROP INDEX IF EXISTS ${table}_${c}`);
          db.exec(`CREATE INDEX ${table}_by_${c.replace(/_sort$/, '')} ON ${table}(${c}, status)`);
        }
      }
      db.exec('DROP INDEX inventory_updated');
    },
  },
  {
    version: 7,
    description: 'stock ledger: amounts that move (stock_movements), a location tree, lot, expiry, supplier, minimum stock, GHS pictograms, borrowing amounts and due dates',
    up(db) {
      db.exec(`
        CREATE TABLE locations (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          parent_id INTEGER REFERENCES locations(id),
          name TEXT NOT NULL CHECK (length(name) > 0),
          -- names from the root down joined by ' › ' (LOCATION_SEPARATOR); rewritten for the subtree on rename/move
          path TEXT NOT NULL,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        CREATE INDEX locations_parent ON locations(parent_id, name);
        CREATE UNIQUE INDEX locations_path ON locations(path);
        ALTER TABLE inventory_items ADD COLUMN location_id INTEGER REFERENCES locations(id);
        ALTER TABLE inventory_items ADD COLUMN container_size REAL CHECK (container_size IS NULL OR container_size > 0);
        ALTER TABLE inventory_items ADD COLUMN container_label TEXT NOT NULL DEFAULT '';
        ALTER TABLE inventory_items ADD COLUMN lot_number TEXT NOT NULL DEFAULT '';
        ALTER TABLE inventory_items ADD COLUMN expiry_date TEXT;
        ALTER TABLE inventory_items ADD COLUMN received_date TEXT;
        ALTER TABLE inventory_items ADD COLUMN opened_date TEXT;
        ALTER TABLE inventory_items ADD COLUMN supplier TEXT NOT NULL DEFAULT '';
        ALTER TABLE inventory_items ADD COLUMN min_stock REAL CHECK (min_stock IS NULL OR min_stock >= 0);
        ALTER TABLE inventory_items ADD COLUMN ghs TEXT NOT NULL DEFAULT '';
        ALTER TABLE inventory_items ADD COLUMN borrowed_amount REAL;
        ALTER TABLE inventory_items ADD COLUMN borrow_due TEXT;
        -- the supplier site or dealer an order came from (the cart import knows it); stock-in copies it
        ALTER TABLE reagent_orders ADD COLUMN supplier TEXT NOT NULL DEFAULT '';
        CREATE INDEX inventory_items_location ON inventory_items(location_id, status);
        CREATE INDEX inventory_items_by_expiry_date ON inventory_items(expiry_date, status);
        CREATE INDEX inventory_items_borrow_due ON inventory_items(borrow_due) WHERE borrow_due IS NOT NULL;
        CREATE INDEX inventory_items_chemical ON inventory_items(cas_number, specification);
        -- The ledger (台账). No foreign key to the item: the ledger outlives a deleted item.
        CREATE TABLE stock_movements (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          item_id INTEGER NOT NULL,
          at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          user_id INTEGER REFERENCES users(id),
          second_user_id INTEGER REFERENCES users(id),
          kind TEXT NOT NULL CHECK (kind IN ('received','used','borrowed','returned','disposed','adjusted','moved','split')),
          amount REAL NOT NULL CHECK (amount >= 0),
          delta REAL NOT NULL,
          unit TEXT NOT NULL DEFAULT '',
          balance_after REAL NOT NULL CHECK (balance_after >= 0),
          reason TEXT NOT NULL DEFAULT '',
          order_id INTEGER,
          from_location_id INTEGER,
          to_location_id INTEGER,
          from_location TEXT,
          to_location TEXT,
          related_item_id INTEGER,
          due_date TEXT,
          stocktake_id INTEGER
        );
        CREATE INDEX stock_movements_item ON stock_movements(item_id, id);
        CREATE INDEX stock_movements_kind_at ON stock_movements(kind, at);
        CREATE INDEX stock_movements_at ON stock_movements(at);
      `);
      migrateStockV7(db);
    },
  },
  {
    version: 8,
    description: 'controlled chemicals: categories (剧毒, 易制毒, 易制爆, 精神/麻醉, more may be added), their CAS lists, and the category flag on items and reagent orders kept by triggers',
    up(db) {
      db.exec(`
        CREATE TABLE controlled_categories (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          -- built-in categories have a key (their names stay editable); added ones have none
          key TEXT UNIQUE,
          name_zh TEXT NOT NULL CHECK (length(name_zh) > 0),
          name_en TEXT NOT NULL CHECK (length(name_en) > 0),
          sort INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        );
        INSERT INTO controlled_categories (key, name_zh, name_en, sort) VALUES
          ('highly_toxic', '剧毒', 'Highly toxic', 1),
          ('precursor', '易制毒', 'Drug precursor', 2),
          ('explosive', '易制爆', 'Explosive precursor', 3),
          ('narcotic', '精神/麻醉', 'Psychotropic / narcotic', 4);
        CREATE TABLE controlled_cas (
          category_id INTEGER NOT NULL REFERENCES controlled_categories(id) ON DELETE CASCADE,
          cas TEXT NOT NULL CHECK (length(cas) > 0),  -- canonical, check digit valid
          name TEXT NOT NULL DEFAULT '',
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          PRIMARY KEY (category_id, cas)
        ) WITHOUT ROWID;
        CREATE INDEX controlled_cas_by_cas ON controlled_cas(cas, category_id);
        -- The flag: the ids of the categories listing the record's CAS, ascending, joined by ','; NULL when none.
        ALTER TABLE inventory_items ADD COLUMN controlled TEXT;
        ALTER TABLE reagent_orders ADD COLUMN controlled TEXT;
        CREATE INDEX inventory_items_controlled ON inventory_items(controlled, status) WHERE controlled IS NOT NULL;
        CREATE INDEX reagent_orders_controlled ON reagent_orders(controlled, status) WHERE controlled IS NOT NULL;
      `);
      // Every write path (form, bulk import, cart import, stock-in, split) inserts or updates rows;
      // triggers flag them in the same transaction, and a change of a list re-flags what it touches.
      const flag = (cas: string) => `(SELECT group_concat(category_id, ',' ORDER BY category_id) FROM controlled_cas WHERE cas = ${cas})`;
      for (const table of ['inventory_items', 'reagent_orders']) {
        db.exec(`
          CREATE TRIGGER ${table}_controlled_insert AFTER INSERT ON ${table}
            WHEN new.cas_number != '' AND EXISTS (SELECT 1 FROM controlled_cas WHERE cas = new.cas_number) BEGIN
            UPDATE ${table} SET controlled = ${flag('new.cas_number')} WHERE id = new.id;
          END;
          CREATE TRIGGER ${table}_controlled_cas AFTER UPDATE OF cas_number ON ${table}
            WHEN new.cas_number IS NOT old.cas_number BEGIN
            UPDATE ${table} SET controlled = ${flag('new.cas_number')} WHERE id = new.id;
          END;
          CREATE TRIGGER ${table}_controlled_listed AFTER INSERT ON controlled_cas BEGIN
            UPDATE ${table} SET controlled = ${flag('new.cas')} WHERE cas_number = new.cas;
          END;
          CREATE TRIGGER ${table}_controlled_unlisted AFTER DELETE ON controlled_cas BEGIN
            UPDATE ${table} SET controlled = ${flag('old.cas')} WHERE cas_number = old.cas;
          END;
        `);
      }
    },
  },
  {
    version: 9,
    description: 'stocktakes (盘点) of a location subtree: what was expected, what was seen and counted, and the adjustments made at close',
    up(db) {
      db.exec(`
        CREATE TABLE stocktakes (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          -- NULL once the location is deleted (only possible when it holds nothing); the path stays
          location_id INTEGER REFERENCES locations(id) ON DELETE SET NULL,
          location_path TEXT NOT NULL,   -- as it read when the stocktake started
          status TEXT NOT NULL CHECK (status IN ('open','closed','cancelled')),
          note TEXT NOT NULL DEFAULT '',
          started_by INTEGER REFERENCES users(id),
          started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          closed_by INTEGER REFERENCES users(id),
          closed_at TEXT,
          -- the ledger's last movement id at the start: an item with a later movement (not this
          -- stocktake's own) moved during the stocktake, so its expected amount is out of date
          last_movement_id INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX stocktakes_status ON stocktakes(status, id);
        -- One line per container: those in the subtree at the start (expected = 1) and those found
        -- there that were registered elsewhere (expected = 0). Kept after close: the report is built from them.
        CREATE TABLE stocktake_lines (
          stocktake_id INTEGER NOT NULL REFERENCES stocktakes(id),
          item_id INTEGER NOT NULL,
          expected INTEGER NOT NULL CHECK (expected IN (0, 1)),
          expected_amount REAL,
          expected_unit TEXT NOT NULL DEFAULT '',
          location_path TEXT NOT NULL DEFAULT '',
          -- the item as it read when the line was made (start, or found): the report is built from
          -- these, so editing or deleting the item later does not rewrite a closed stocktake
          name TEXT NOT NULL DEFAULT '',
          english_name TEXT NOT NULL DEFAULT '',
          cas_number TEXT NOT NULL DEFAULT '',
          specification TEXT NOT NULL DEFAULT '',
          seen_by INTEGER REFERENCES users(id),
          seen_at TEXT,
          -- the item's last ledger movement id when it was seen or counted: movements after it (not
          -- this stocktake's own) happened after the count, and the close adds them to the count
          seen_movement_id INTEGER,
          counted_amount REAL CHECK (counted_amount IS NULL OR counted_amount >= 0),
          counted_unit TEXT,
          -- decided at close: 'ok', 'adjusted', 'missing' (adjusted to 0), 'kept' (left as it was), 'moved'
          outcome TEXT,
          movement_id INTEGER,
          PRIMARY KEY (stocktake_id, item_id)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 10,
    description: 'list search index without the search_all column (each text indexed once: a 100 000-row import commits sooner); a letter index per list (which of a–z, 0–9 each row holds) for searches of one common letter; inventory_cas dropped (inventory_items_by_cas_number starts with the same column)',
    up(db) {
      rebuildSearchIndexes(db);
      migrateLetterIndexes(db);
      db.exec('DROP INDEX IF EXISTS inventory_cas');
    },
  },
  {
    version: 11,
    description: "inventory items get notes (备注): free text, '' when none (issue 28: a lab sheet's 备注 column is imported, not dropped)",
    up(db) {
      db.exec("ALTER TABLE inventory_items ADD COLUMN notes TEXT NOT NULL DEFAULT ''");
    },
  },
];

/**
 * Existing items enter the stock model (v7):
 * - each distinct free-text storage location becomes one root node of the tree, named by the text
 *   (nothing lost; the admin arranges them into buildings and rooms afterwards);
 * - "3 瓶" with a specification that is exactly a size ("500 g") becomes 1500 g in 3 containers of
 *   500 g; other amounts stay as they were;
 * - every item gets an opening `received` movement of what it held; consumed and disposed items,
 *   which kept their old quantity, get the matching `used` / `disposed` movement and stand at 0.
 */
function migrateStockV7(db: Db): void {
  const texts = db.prepare(`SELECT DISTINCT storage_location AS t FROM inventory_items WHERE storage_location != '' ORDER BY storage_location`).pluck().all() as string[];
  const addLoc = db.prepare('INSERT INTO locations (parent_id, name, path) VALUES (NULL, ?, ?)');
  const setLoc = db.prepare('UPDATE inventory_items SET location_id = ? WHERE storage_location = ?');
  for (const t of texts) setLoc.run(Number(addLoc.run(t, t).lastInsertRowid), t);

  const items = db.prepare(`SELECT id, quantity, unit, specification, status, created_by, created_at, source_order_id FROM inventory_items`).all() as Array<{
    id: number; quantity: number; unit: string; specification: string; status: string; created_by: number | null; created_at: string; source_order_id: number | null;
  }>;
  const setAmount = db.prepare(`UPDATE inventory_items SET quantity = ?, unit = ?, container_size = ?, container_label = ? WHERE id = ?`);
  const move = db.prepare(`INSERT INTO stock_movements (item_id, at, user_id, kind, amount, delta, unit, balance_after, reason, order_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const it of items) {
    let amount = it.quantity;
    let unit = it.unit;
    const c = unitDimension(it.unit) === 'count' ? containersOf(it.quantity, it.specification) : null;
    if (c) {
      amount = toNumber(c.amount);
      unit = c.unit;
      setAmount.run(amount, unit, toNumber(c.size), it.unit, it.id);
    }
    move.run(it.id, it.created_at, it.created_by, 'received', amount, amount, unit, amount, 'opening balance (upgrade)', it.source_order_id);
    if (it.status === 'consumed' || it.status === 'disposed') {
      move.run(it.id, it.created_at, it.created_by, it.status === 'consumed' ? 'used' : 'disposed', amount, -amount, unit, 0, 'status before the upgrade', null);
      db.prepare('UPDATE inventory_items SET quantity = 0 WHERE id = ?').run(it.id);
    }
  }
}

/** Adds `<column>_sort` to a table, fills it for the rows there are, and indexes it (list sorts). */
function addSortKeys(db: Db, table: string, columns: string[]): void {
  for (const c of columns) db.exec(`ALTER TABLE ${table} ADD COLUMN ${c}_sort TEXT NOT NULL DEFAULT ''`);
  const update = db.prepare(`UPDATE ${table} SET ${columns.map((c) => `${c}_sort = ?`).join(', ')} WHERE id = ?`);
  for (const row of db.prepare(`SELECT id, ${columns.join(', ')} FROM ${table}`).all() as Array<Record<string, string | null> & { id: number }>) {
    update.run(...columns.map((c) => sortKey(row[c] ?? '')), row.id);
  }
  for (const c of columns) db.exec(`CREATE INDEX ${table}_${c}_sort ON ${table}(${c}_sort)`);
}

/** Removes NOT NULL and the default from unit_price by rewriting the stored CREATE TABLE text —
 *  the procedure SQLite documents for dropping a NOT NULL constraint (no table rebuild, so the
 *  foreign key from inventory_items.source_order_id is left alone). Runs in the migration's
 *  transaction; defensive mode is lifted for the rewrite only. */
function dropUnitPriceNotNull(db: Db, table: string): void {
  const { sql } = db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(table) as { sql: string };
  const next = sql.replace('unit_price REAL NOT NULL DEFAULT 0 CHECK (unit_price >= 0)', 'unit_price REAL CHECK (unit_price >= 0)');
  if (next === sql) throw new Error(`${table}: unit_price definition not as expected`);
  const version = db.pragma('schema_version', { simple: true }) as number;
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.prepare(`UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?`).run(next, table);
    db.pragma(`schema_version = ${version + 1}`);
    db.pragma('writable_schema = OFF');
  } finally {
    db.unsafeMode(false);
  }
}

/** Search columns hold normalized text (search_all: several joined by U+001F); normalizing a
 *  normalized value again gives what the current normalization makes of the original text. */
function renormalizeSearchColumns(db: Db, table: string): void {
  const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).filter((c) => c.startsWith('s_') || c === 'search_all');
  if (!cols.length) return;
  const update = db.prepare(`UPDATE ${table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
  const refold = (v: string) => v.split('\u001f').map(normalizeSearchTerm).join('\u001f');
  for (const row of db.prepare(`SELECT id, ${cols.join(', ')} FROM ${table}`).all() as Array<Record<string, string> & { id: number }>) {
    const next = cols.map((c) => refold(row[c] ?? ''));
    if (next.some((v, i) => v !== row[cols[i]!])) update.run(...next, row.id);
  }
}
