// lab.db v2. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v002: Migration = {
  version: 2,
  description: 'import_submissions: which cart-import item became which order',
  up(db) {
    // Written in the same transaction as the order (cart-import/import-submissions.ts). One row per
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
};
