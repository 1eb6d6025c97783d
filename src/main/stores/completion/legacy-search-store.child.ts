// Reads of the legacy search tables older installs left in lab.db (docs/completion.md "Legacy
// tables"): the completion upgrade copies them into completion.db once and leaves them in place.
// No migration of this app creates them, and nothing writes them.
//   legacy_search_preferences(user_id INTEGER PRIMARY KEY, personalized INTEGER NOT NULL)
//   legacy_search_history(id INTEGER PRIMARY KEY, user_id INTEGER  -- NULL = global
//     , endpoint TEXT NOT NULL, field TEXT NOT NULL, query TEXT NOT NULL,
//       frequency INTEGER NOT NULL DEFAULT 1, last_used_at TEXT NOT NULL  -- ISO 8601
//     , accept_count INTEGER NOT NULL DEFAULT 0, reject_count INTEGER NOT NULL DEFAULT 0)
import { tableExists, type Db } from '../../db/open';
import { prepareCached } from '../../db/statements';

export interface LegacyPreference {
  user_id: number;
  personalized: number;
}

/** A history row as stored; an old install may hold anything, so every value is checked by the reader. */
export interface LegacyHistory {
  user_id: number | null;
  endpoint: string;
  field: string;
  query: string;
  frequency: number | null;
  last_used_at: string | number | null;
  accept_count: number | null;
  reject_count: number | null;
}

export interface LegacySearchReads {
  /** Every stored preference; none when the table does not exist. */
  preferences(): LegacyPreference[];
  /** Every history row in id order; none when the table does not exist. */
  history(): LegacyHistory[];
}

export function legacySearchStore(lab: Db): LegacySearchReads {
  return {
    preferences: () => (tableExists(lab, 'legacy_search_preferences') ? (prepareCached(lab, 'SELECT user_id, personalized FROM legacy_search_preferences').all() as LegacyPreference[]) : []),
    history: () =>
      tableExists(lab, 'legacy_search_history')
        ? (prepareCached(lab, 'SELECT user_id, endpoint, field, query, frequency, last_used_at, accept_count, reject_count FROM legacy_search_history ORDER BY id').all() as LegacyHistory[])
        : [],
  };
}
