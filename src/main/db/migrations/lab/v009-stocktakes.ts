// lab.db v9. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v009: Migration = {
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
};
