// The one owner of completion.db's `user_prefs` table (docs/stores.md): each user's
// personalization switch. A user without a row has never set it (the completion room decides
// what that means: on).
import type { Db } from '../../db/open';
import { preparedOnce, prepareCached } from '../../db/statements';

export interface UserPrefsReads {
  /** The user's stored switch; undefined when never set. Prepared once: the read path asks per snapshot. */
  personalized(userId: number): boolean | undefined;
}

export interface UserPrefsWrites extends UserPrefsReads {
  set(userId: number, personalized: boolean, at: number): void;
  /** Stores the switch unless the user already has one; whether it was stored (the legacy copy). */
  insertIfAbsent(userId: number, personalized: boolean, at: number): boolean;
}

export function userPrefsStore(db: Db): UserPrefsWrites {
  const personalized = preparedOnce(db, 'SELECT personalized FROM user_prefs WHERE user_id = ?', { pluck: true });
  return {
    personalized: (userId) => {
      const v = personalized().get(userId) as number | undefined;
      return v === undefined ? undefined : v === 1;
    },
    set: (userId, on, at) => {
      prepareCached(
        db,
        `INSERT INTO user_prefs(user_id, personalized, updated_at) VALUES (?,?,?)
     ON CONFLICT(user_id) DO UPDATE SET personalized = excluded.personalized, updated_at = excluded.updated_at`,
      ).run(userId, on ? 1 : 0, at);
    },
    insertIfAbsent: (userId, on, at) => prepareCached(db, 'INSERT INTO user_prefs(user_id, personalized, updated_at) VALUES (?,?,?) ON CONFLICT(user_id) DO NOTHING').run(userId, on ? 1 : 0, at).changes > 0,
  };
}
