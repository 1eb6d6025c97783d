// lab.db's `locations` table (docs/stores.md): the statements converted so far; the rest of its
// SQL is still in location-service.ts and location-tree.ts (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

export interface LocationReads {
  /** Every node's id and path, by path. */
  all(): Array<{ id: number; path: string }>;
  pathOf(id: number): string | undefined;
  idByPath(path: string): number | undefined;
}

export interface LocationWrites extends LocationReads {
  /** Adds a node; returns its id. */
  insert(parentId: number | null, name: string, path: string): number;
}

export function locationStore(db: Db): LocationWrites {
  return {
    all: () => prepareCached(db, 'SELECT id, path FROM locations ORDER BY path').all() as Array<{ id: number; path: string }>,
    pathOf: (id) => (prepareCached(db, 'SELECT path FROM locations WHERE id = ?').get(id) as { path: string } | undefined)?.path,
    idByPath: (path) => (prepareCached(db, 'SELECT id FROM locations WHERE path = ?').get(path) as { id: number } | undefined)?.id,
    insert: (parentId, name, path) => (prepareCached(db, 'INSERT INTO locations (parent_id, name, path) VALUES (?, ?, ?) RETURNING id').get(parentId, name, path) as { id: number }).id,
  };
}
