// completion.db v2. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v002: Migration = {
  version: 2,
  description: 'search memory: best records of one- and two-character prefixes straight from an index',
  up(db) {
    // A one- or two-character prefix covers hundreds of memory records; ordering a norm range by
    // rank_key meant reading and sorting all of them (0.3 ms at the benchmark's p99). These
    // partial indexes hand out a short prefix's records best first, so the read stops after 8.
    // substr() counts characters, like the reader's Array.from(q).length.
    db.exec(`
        ALTER TABLE search_memory ADD COLUMN p1 TEXT GENERATED ALWAYS AS (substr(norm, 1, 1)) VIRTUAL;
        ALTER TABLE search_memory ADD COLUMN p2 TEXT GENERATED ALWAYS AS (substr(norm, 1, 2)) VIRTUAL;
        CREATE INDEX search_memory_p1 ON search_memory(user_id, endpoint, field, p1, rank_key) WHERE frequency > 0;
        CREATE INDEX search_memory_p2 ON search_memory(user_id, endpoint, field, p2, rank_key) WHERE frequency > 0;
      `);
  },
};
