// lab.db v1. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

// One statement text per table group: SQLite stores each CREATE as written, so the text inside
// the backquotes is what the schema test compares (indentation included).

const ACCOUNTS_AND_AUDIT = `
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
      `;

const REAGENT_ORDERS = `
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
      `;

const INVENTORY_ITEMS = `
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
      `;

const CONSUMABLE_ORDERS = `
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
      `;

export const v001: Migration = {
  version: 1,
  description: 'users, sessions, audit log, inventory, reagent and consumable orders',
  up(db) {
    for (const sql of [ACCOUNTS_AND_AUDIT, REAGENT_ORDERS, INVENTORY_ITEMS, CONSUMABLE_ORDERS]) db.exec(sql);
  },
};
