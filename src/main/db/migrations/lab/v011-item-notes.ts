// lab.db v11. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v011: Migration = {
  version: 11,
  description: "inventory items get notes (备注): free text, '' when none (a lab sheet's 备注 column is imported, not dropped)",
  up(db) {
    db.exec("ALTER TABLE inventory_items ADD COLUMN notes TEXT NOT NULL DEFAULT ''");
  },
};
