// lab.db v10. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import { rebuildSearchIndexesV10 } from '../frozen/list-search-index';
import { addLetterIndexesV10 } from '../frozen/letter-index';

export const v010: Migration = {
  version: 10,
  description: 'list search index without the search_all column (each text indexed once: a 100 000-row import commits sooner); a letter index per list (which of a–z, 0–9 each row holds) for searches of one common letter; inventory_cas dropped (inventory_items_by_cas_number starts with the same column)',
  up(db) {
    rebuildSearchIndexesV10(db);
    addLetterIndexesV10(db);
    db.exec('DROP INDEX IF EXISTS inventory_cas');
  },
};
