// lab.db v7. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import type { Db } from '../../open';
import { containersOf, isCountUnit } from '../frozen/amounts';

export const v007: Migration = {
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
};

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
    const c = isCountUnit(it.unit) ? containersOf(it.quantity, it.specification) : null;
    if (c) {
      amount = c.amount;
      unit = c.unit;
      setAmount.run(amount, unit, c.size, it.unit, it.id);
    }
    move.run(it.id, it.created_at, it.created_by, 'received', amount, amount, unit, amount, 'opening balance (upgrade)', it.source_order_id);
    if (it.status === 'consumed' || it.status === 'disposed') {
      move.run(it.id, it.created_at, it.created_by, it.status === 'consumed' ? 'used' : 'disposed', amount, -amount, unit, 0, 'status before the upgrade', null);
      db.prepare('UPDATE inventory_items SET quantity = 0 WHERE id = ?').run(it.id);
    }
  }
}
