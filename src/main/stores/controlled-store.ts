// The one owner of lab.db's `controlled_categories` and `controlled_cas` tables (docs/stores.md).
// Adding or removing a CAS fires the v8 triggers that re-flag the records listing it, in the same
// statement; so entries are deleted row by row before their category (the triggers clear the flags).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { ControlledCategory, ControlledEntry } from '../../shared/controlled';

export interface ControlledReads {
  /** Every category with how many CAS numbers it lists, in the lists' order. */
  categories(): ControlledCategory[];
  /** Every category's names, in the lists' order (no counts: cheaper). */
  categoryNames(): Array<{ id: number; name_zh: string; name_en: string }>;
  /** Every entry, by CAS then category. */
  entries(): ControlledEntry[];
  /** One category's entries, by CAS. */
  entriesOf(categoryId: number): ControlledEntry[];
  /** The sort place after the last category. */
  nextSort(): number;
  /** Whether the CAS number (canonical) is on a controlled list. */
  hasCas(cas: string): boolean;
}

export interface ControlledWrites extends ControlledReads {
  /** Adds a category a lab made (no key); returns its id. */
  insertCategory(c: { nameZh: string; nameEn: string; sort: number }): number;
  renameCategory(id: number, nameZh: string, nameEn: string): void;
  deleteCategory(id: number): void;
  /** Adds the entries not yet listed in the category; returns how many were new. */
  insertEntries(categoryId: number, entries: ReadonlyArray<{ cas: string; name: string }>): number;
  /** Removes one entry; false when the category did not list it. */
  deleteEntry(categoryId: number, cas: string): boolean;
  /** Removes every entry of a category. */
  deleteEntriesOf(categoryId: number): void;
}

export function controlledStore(db: Db): ControlledWrites {
  return {
    categories: () =>
      prepareCached(
        db,
        `SELECT c.id, c.key, c.name_zh, c.name_en, c.sort, (SELECT count(*) FROM controlled_cas e WHERE e.category_id = c.id) AS count
         FROM controlled_categories c ORDER BY c.sort, c.id`,
      ).all() as ControlledCategory[],
    categoryNames: () => prepareCached(db, 'SELECT id, name_zh, name_en FROM controlled_categories ORDER BY sort, id').all() as Array<{ id: number; name_zh: string; name_en: string }>,
    entries: () => prepareCached(db, 'SELECT category_id, cas, name FROM controlled_cas ORDER BY cas, category_id').all() as ControlledEntry[],
    entriesOf: (categoryId) => prepareCached(db, 'SELECT category_id, cas, name FROM controlled_cas WHERE category_id = ? ORDER BY cas').all(categoryId) as ControlledEntry[],
    nextSort: () => (prepareCached(db, 'SELECT coalesce(max(sort), 0) + 1 AS sort FROM controlled_categories').get() as { sort: number }).sort,
    hasCas: (cas) => prepareCached(db, 'SELECT 1 FROM controlled_cas WHERE cas = ? LIMIT 1').get(cas) !== undefined,
    insertCategory: (c) =>
      (prepareCached(db, 'INSERT INTO controlled_categories (key, name_zh, name_en, sort) VALUES (NULL, ?, ?, ?) RETURNING id').get(c.nameZh, c.nameEn, c.sort) as { id: number }).id,
    renameCategory: (id, nameZh, nameEn) => {
      prepareCached(db, 'UPDATE controlled_categories SET name_zh = ?, name_en = ? WHERE id = ?').run(nameZh, nameEn, id);
    },
    deleteCategory: (id) => {
      prepareCached(db, 'DELETE FROM controlled_categories WHERE id = ?').run(id);
    },
    insertEntries: (categoryId, entries) => {
      const stmt = prepareCached(db, 'INSERT OR IGNORE INTO controlled_cas (category_id, cas, name) VALUES (?, ?, ?)');
      let n = 0;
      for (const e of entries) n += stmt.run(categoryId, e.cas, e.name).changes;
      return n;
    },
    deleteEntry: (categoryId, cas) => prepareCached(db, 'DELETE FROM controlled_cas WHERE category_id = ? AND cas = ?').run(categoryId, cas).changes > 0,
    deleteEntriesOf: (categoryId) => {
      prepareCached(db, 'DELETE FROM controlled_cas WHERE category_id = ?').run(categoryId);
    },
  };
}
