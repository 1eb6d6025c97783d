// completion.db v1. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v001: Migration = {
  version: 1,
  description: 'search memory, entity completion index, preferences, meta',
  up(db) {
    db.exec(`
        CREATE TABLE completion_meta (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
        CREATE TABLE endpoint_meta (
          endpoint TEXT PRIMARY KEY,
          stale INTEGER NOT NULL DEFAULT 1,
          change_version INTEGER NOT NULL DEFAULT 0,
          active_gen INTEGER NOT NULL DEFAULT 0,
          legacy_completion_migrated INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO endpoint_meta(endpoint) VALUES ('/inventory/'), ('/reagent-orders/'), ('/consumable-orders/');
        CREATE TABLE search_memory (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL,
          endpoint TEXT NOT NULL,
          field TEXT NOT NULL,
          norm TEXT NOT NULL,
          query TEXT NOT NULL,
          frequency INTEGER NOT NULL DEFAULT 0,
          last_used_at INTEGER NOT NULL,
          accept_count INTEGER NOT NULL DEFAULT 0,
          reject_count INTEGER NOT NULL DEFAULT 0,
          rank_key REAL NOT NULL
        );
        CREATE UNIQUE INDEX search_memory_scope ON search_memory(user_id, endpoint, field, norm);
        CREATE INDEX search_memory_prune ON search_memory(frequency, last_used_at);
        -- Covering index of the read path's prefix range (no table lookups per candidate).
        CREATE INDEX search_memory_prefix ON search_memory(user_id, endpoint, field, norm, rank_key, frequency, last_used_at, accept_count, reject_count, query, id);
        CREATE TABLE entity_rows (
          id INTEGER PRIMARY KEY,
          endpoint TEXT NOT NULL,
          gen INTEGER NOT NULL,
          entity_type TEXT NOT NULL,
          entity_id INTEGER NOT NULL,
          field TEXT NOT NULL,
          text TEXT NOT NULL,
          norm TEXT NOT NULL,
          operational_score REAL NOT NULL
        );
        CREATE INDEX entity_rows_entity ON entity_rows(endpoint, gen, entity_type, entity_id);
        CREATE TABLE entity_terms (
          endpoint TEXT NOT NULL,
          gen INTEGER NOT NULL,
          field TEXT NOT NULL,
          norm TEXT NOT NULL,
          text TEXT NOT NULL,
          score INTEGER NOT NULL,
          refs TEXT NOT NULL,
          PRIMARY KEY (endpoint, gen, field, norm)
        ) WITHOUT ROWID;
        CREATE INDEX entity_terms_rank ON entity_terms(endpoint, gen, field, score, norm, text);
        CREATE INDEX entity_terms_norm ON entity_terms(endpoint, gen, norm, field, score, text);
        CREATE TABLE entity_prefix_top (
          endpoint TEXT NOT NULL,
          gen INTEGER NOT NULL,
          prefix TEXT NOT NULL,
          field TEXT NOT NULL,
          rank INTEGER NOT NULL,
          score INTEGER NOT NULL,
          norm TEXT NOT NULL,
          text TEXT NOT NULL,
          PRIMARY KEY (endpoint, gen, prefix, field, rank)
        ) WITHOUT ROWID;
        CREATE TABLE user_prefs (
          user_id INTEGER PRIMARY KEY,
          personalized INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
      `);
  },
};
