// completion.db v3. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';
import type { Db } from '../../open';

export const v003: Migration = {
  version: 3,
  description: 'entity index: tables of their own per endpoint and generation',
  up(db) {
    // Derived data is rebuilt from lab.db, not migrated (spec 000 Versioning): the active
    // generation starts empty and stale, and the worker's start-up rebuild fills it.
    db.exec('DROP TABLE entity_rows; DROP TABLE entity_terms; DROP TABLE entity_prefix_top; UPDATE endpoint_meta SET stale = 1');
    const gens = db.prepare('SELECT endpoint, active_gen FROM endpoint_meta').all() as { endpoint: string; active_gen: number }[];
    for (const { endpoint, active_gen } of gens) if (Object.hasOwn(INDEX_KEYS, endpoint)) createGeneration(db, endpoint, active_gen);
  },
};

/** The list endpoints of this version and the name part of their index tables. */
const INDEX_KEYS: Record<string, string> = { '/inventory/': 'inventory', '/reagent-orders/': 'reagent_orders', '/consumable-orders/': 'consumable_orders' };

/** One generation's tables and indexes, as this version made them. */
function createGeneration(db: Db, endpoint: string, gen: number): void {
  const base = `ix_${INDEX_KEYS[endpoint]}_${gen}`;
  const rows = `${base}_rows`;
  const terms = `${base}_terms`;
  db.exec(`CREATE TABLE ${rows} (entity_id INTEGER NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL, score REAL NOT NULL)`);
  db.exec(`CREATE INDEX ${rows}_entity ON ${rows}(entity_id)`);
  // score: per mille; refs: rows behind the term per score and spelling, JSON {"1000":{"Ethanol":3}}
  db.exec(`CREATE TABLE ${terms} (field TEXT NOT NULL, norm TEXT NOT NULL, text TEXT NOT NULL, score INTEGER NOT NULL, refs TEXT NOT NULL, PRIMARY KEY (field, norm)) WITHOUT ROWID`);
  db.exec(`CREATE INDEX ${terms}_rank ON ${terms}(field, score, norm, text)`);
  db.exec(`CREATE INDEX ${terms}_norm ON ${terms}(norm, field, score, text)`);
  db.exec(`CREATE TABLE ${base}_top (prefix TEXT NOT NULL, field TEXT NOT NULL, rank INTEGER NOT NULL, score INTEGER NOT NULL, norm TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (prefix, field, rank)) WITHOUT ROWID`);
}
