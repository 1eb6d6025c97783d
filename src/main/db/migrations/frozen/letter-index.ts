// The letter index lab.db v10 added: per list table `<table>_letters` (id, mask of which of a–z,
// 0–9 occur in `search_all`, status), kept by triggers. Frozen (src/main/db/README.md): the app's
// src/main/records/letter-index.ts checks and repairs this shape at start.
import type { Db } from '../../open';

const MASK_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TABLES_V10 = ['inventory_items', 'reagent_orders', 'consumable_orders'] as const;

const maskSql = (ref: string) => `coalesce(${[...MASK_CHARS].map((c, i) => `((instr(${ref}, '${c}') > 0) << ${i})`).join(' | ')}, 0)`;

function createLetterIndex(db: Db, table: string): void {
  const l = `${table}_letters`;
  db.exec(`
    CREATE TABLE ${l} (id INTEGER PRIMARY KEY, mask INTEGER NOT NULL, status TEXT NOT NULL);
    CREATE TRIGGER ${l}_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${l} (id, mask, status) VALUES (new.id, coalesce(new.search_letters, ${maskSql('new.search_all')}), new.status);
    END;
    CREATE TRIGGER ${l}_delete AFTER DELETE ON ${table} BEGIN
      DELETE FROM ${l} WHERE id = old.id;
    END;
    CREATE TRIGGER ${l}_update AFTER UPDATE OF search_all, status ON ${table} WHEN old.search_all IS NOT new.search_all OR old.status IS NOT new.status BEGIN
      UPDATE ${l} SET mask = ${maskSql('new.search_all')}, status = new.status WHERE id = new.id;
    END;
    INSERT INTO ${l} (id, mask, status) SELECT id, ${maskSql('search_all')}, status FROM ${table};
  `);
}

/** A writer's precomputed mask column (`search_letters`) and the letter index of every list table. */
export function addLetterIndexesV10(db: Db): void {
  for (const table of TABLES_V10) {
    db.exec(`ALTER TABLE ${table} ADD COLUMN search_letters INTEGER`);
    createLetterIndex(db, table);
  }
}
