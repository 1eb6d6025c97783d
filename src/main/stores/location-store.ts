// The one owner of lab.db's `locations` table (docs/stores.md): the location tree. A node's `path`
// is the names from the root joined by ` › ` (UNIQUE); items point to a node and keep its path as
// text (inventory-store.ts).
import type { Db } from '../db/open';
import { isUniqueViolation } from '../db/constraint';
import { prepareCached } from '../db/statements';

export interface LocationRow {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
}

export interface LocationReads {
  /** Every node's id and path, by path. */
  all(): Array<{ id: number; path: string }>;
  pathOf(id: number): string | undefined;
  idByPath(path: string): number | undefined;
  byId(id: number): LocationRow | undefined;
  /** Every node by path, with the number of items in stock or borrowed pointing to it. */
  withItemCounts(): Array<LocationRow & { items_here: number }>;
  /** The ids of node `id` and every node below it (empty when there is no such node). */
  subtreeIds(id: number): number[];
  /** Those of `ids` that are nodes, deepest first (a node's children before it). */
  deepestFirst(ids: readonly number[]): number[];
}

export interface LocationWrites extends LocationReads {
  /** Adds a node; returns its id. */
  insert(parentId: number | null, name: string, path: string): number;
  /** Renames and/or moves one node (its path and those below: rebasePaths). */
  update(id: number, sets: { name: string; parent_id: number | null }): void;
  /**
   * Nodes `ids` (a subtree) get `prefix` in place of the first `oldPrefixLength` characters of
   * their path. False, with nothing changed, when a new path is another node's already.
   */
  rebasePaths(ids: readonly number[], prefix: string, oldPrefixLength: number): boolean;
  delete(id: number): void;
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
/** Items that are physically somewhere: counted in the tree. */
const PRESENT = `status IN ('in_stock', 'borrowed')`;

export function locationStore(db: Db): LocationWrites {
  return {
    all: () => prepareCached(db, 'SELECT id, path FROM locations ORDER BY path').all() as Array<{ id: number; path: string }>,
    pathOf: (id) => prepareCached(db, 'SELECT path FROM locations WHERE id = ?', 'pluck').get(id) as string | undefined,
    idByPath: (path) => prepareCached(db, 'SELECT id FROM locations WHERE path = ?', 'pluck').get(path) as number | undefined,
    byId: (id) => prepareCached(db, 'SELECT id, parent_id, name, path FROM locations WHERE id = ?').get(id) as LocationRow | undefined,
    withItemCounts: () =>
      prepareCached(
        db,
        `SELECT l.id, l.parent_id, l.name, l.path, COALESCE(c.n, 0) AS items_here
           FROM locations l LEFT JOIN (SELECT location_id, count(*) AS n FROM inventory_items WHERE location_id IS NOT NULL AND ${PRESENT} GROUP BY location_id) c ON c.location_id = l.id
          ORDER BY l.path`,
      ).all() as Array<LocationRow & { items_here: number }>,
    subtreeIds: (id) =>
      prepareCached(db, `WITH RECURSIVE sub(id) AS (SELECT id FROM locations WHERE id = ? UNION ALL SELECT l.id FROM locations l JOIN sub ON l.parent_id = sub.id) SELECT id FROM sub`, 'pluck').all(id) as number[],
    deepestFirst: (ids) => prepareCached(db, `SELECT id FROM locations WHERE id IN (SELECT value FROM json_each(?)) ORDER BY length(path) DESC`, 'pluck').all(JSON.stringify(ids)) as number[],
    insert: (parentId, name, path) => prepareCached(db, 'INSERT INTO locations (parent_id, name, path) VALUES (?, ?, ?) RETURNING id', 'pluck').get(parentId, name, path) as number,
    update: (id, sets) => {
      prepareCached(db, `UPDATE locations SET name = ?, parent_id = ?, updated_at = ${NOW} WHERE id = ?`).run(sets.name, sets.parent_id, id);
    },
    rebasePaths: (ids, prefix, oldPrefixLength) => {
      try {
        prepareCached(db, `UPDATE locations SET path = ? || substr(path, ?) WHERE id IN (SELECT value FROM json_each(?))`).run(prefix, oldPrefixLength + 1, JSON.stringify(ids));
        return true;
      } catch (e) {
        // One statement: a refused path leaves every path as it was.
        if (isUniqueViolation(e)) return false;
        throw e;
      }
    },
    delete: (id) => {
      prepareCached(db, 'DELETE FROM locations WHERE id = ?').run(id);
    },
  };
}
