// lab.db v14. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v014: Migration = {
  version: 14,
  description: 'the purpose (用途) of a movement (a controlled item is borrowed for one); an item with a GHS pictogram is hazardous (existing rows set, kept by triggers)',
  up(db) {
    db.exec(`
        -- what the amount is taken for; a borrowing of a controlled item states one, the 台账 shows it
        ALTER TABLE stock_movements ADD COLUMN purpose TEXT NOT NULL DEFAULT '';
        -- A hazard pictogram means the item is hazardous: the flag cannot say no while one is set.
        -- The services derive it on every write path; these keep it for any other writer.
        UPDATE inventory_items SET hazardous = 1 WHERE ghs != '' AND hazardous = 0;
        CREATE TRIGGER inventory_items_hazard_insert AFTER INSERT ON inventory_items
          WHEN new.ghs != '' AND new.hazardous = 0 BEGIN
          UPDATE inventory_items SET hazardous = 1 WHERE id = new.id;
        END;
        CREATE TRIGGER inventory_items_hazard_update AFTER UPDATE OF ghs, hazardous ON inventory_items
          WHEN new.ghs != '' AND new.hazardous = 0 BEGIN
          UPDATE inventory_items SET hazardous = 1 WHERE id = new.id;
        END;
      `);
  },
};
