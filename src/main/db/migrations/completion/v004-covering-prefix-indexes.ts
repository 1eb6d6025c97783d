// completion.db v4. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v004: Migration = {
  version: 4,
  description: 'search memory: the short-prefix indexes cover the columns the read path needs',
  up(db) {
    // id right after rank_key keeps the read's order (rank_key DESC, id DESC) the index's own;
    // the other columns spare eight table lookups per scope. Indexed expressions rather than
    // the v2 generated columns: with two virtual columns SQLite does not see an index on one of
    // them as covering.
    db.exec(`
        DROP INDEX search_memory_p1;
        DROP INDEX search_memory_p2;
        ALTER TABLE search_memory DROP COLUMN p1;
        ALTER TABLE search_memory DROP COLUMN p2;
        ${shortPrefixIndex(1)}
        ${shortPrefixIndex(2)}
      `);
  },
};

/** A short-prefix index as this version made it: rank order after the prefix, then what the reader reads. */
const shortPrefixIndex = (chars: number) =>
  `CREATE INDEX search_memory_p${chars} ON search_memory(user_id, endpoint, field, substr(norm, 1, ${chars}), rank_key, id, norm, query, frequency, last_used_at, accept_count, reject_count) WHERE frequency > 0;`;
