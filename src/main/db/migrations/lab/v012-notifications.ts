// lab.db v12. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v012: Migration = {
  version: 12,
  description: 'in-app notifications (order approved, rejected, arrived, stocked in; new requests for admins), read or unread per person, and the kinds each person turned off',
  up(db) {
    db.exec(`
        CREATE TABLE notifications (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,   -- the recipient
          kind TEXT NOT NULL,
          -- what it refers to; no foreign keys: a deleted order or item keeps its notifications
          order_type TEXT CHECK (order_type IN ('reagent','consumable')),
          order_id INTEGER,
          item_id INTEGER,
          -- the words' parameters as they were when it happened (name, reason, who, location)
          params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params)),
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          read_at TEXT
        );
        CREATE INDEX notifications_by_user ON notifications(user_id, id);
        CREATE INDEX notifications_unread ON notifications(user_id) WHERE read_at IS NULL;
        -- A kind without a row is on; a person turns a kind off (or on again) with a row.
        CREATE TABLE notification_settings (
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
          PRIMARY KEY (user_id, kind)
        ) WITHOUT ROWID;
      `);
  },
};
