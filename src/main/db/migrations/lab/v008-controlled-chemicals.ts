// lab.db v8. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v008: Migration = {
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
};
