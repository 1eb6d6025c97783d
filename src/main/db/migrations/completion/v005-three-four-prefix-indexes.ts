// completion.db v5. Frozen once shipped: never edited, and it calls no application code (src/main/db/README.md).
import type { Migration } from '../../migrate';

export const v005: Migration = {
  version: 5,
  description: 'search memory: three- and four-character prefixes best first from an index too',
  up(db) {
    // A three-character prefix such as "ben" still covers a hundred global records, and sorting
    // them was the read path's slowest step (0.15 ms); from four characters on a range holds a
    // few dozen at most. Two more partial indexes cost each memory write a few microseconds.
    db.exec(`${shortPrefixIndex(3)} ${shortPrefixIndex(4)}`);
  },
};

/** A short-prefix index as this version made it: rank order after the prefix, then what the reader reads. */
const shortPrefixIndex = (chars: number) =>
  `CREATE INDEX search_memory_p${chars} ON search_memory(user_id, endpoint, field, substr(norm, 1, ${chars}), rank_key, id, norm, query, frequency, last_used_at, accept_count, reject_count) WHERE frequency > 0;`;
