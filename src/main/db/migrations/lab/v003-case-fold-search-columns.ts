// lab.db v3. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import type { Db } from '../../open';
import { normalizeSearchTermV1 } from '../frozen/normalize-search-term';

export const v003: Migration = {
  version: 3,
  description: 'search columns: stored texts normalized again with full case folding (ß finds ss)',
  up(db) {
    for (const table of ['inventory_items', 'reagent_orders', 'consumable_orders']) renormalizeSearchColumns(db, table);
  },
};

/** Search columns hold normalized text (search_all: several joined by U+001F); normalizing a
 *  normalized value again gives what this normalization makes of the original text. */
function renormalizeSearchColumns(db: Db, table: string): void {
  const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).filter((c) => c.startsWith('s_') || c === 'search_all');
  if (!cols.length) return;
  const update = db.prepare(`UPDATE ${table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
  const refold = (v: string) => v.split('\u001f').map(normalizeSearchTermV1).join('\u001f');
  for (const row of db.prepare(`SELECT id, ${cols.join(', ')} FROM ${table}`).all() as Array<Record<string, string> & { id: number }>) {
    const next = cols.map((c) => refold(row[c] ?? ''));
    if (next.some((v, i) => v !== row[cols[i]!])) update.run(...next, row.id);
  }
}
