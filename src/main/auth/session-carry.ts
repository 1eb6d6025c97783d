// Sessions across a restore. The restored lab.db holds the backup's sessions table: tokens that
// were logged out (or whose users were deactivated) since the backup would work again. A restore
// therefore replaces that table with the sessions valid right before it, kept only for users that
// exist in the restored data as the same account (same id and username) and are active there.
// Everyone else logs in again; the person restoring stays logged in if their account is there.
import type { Db } from '../db/open';
import { writeTransaction } from '../db/transaction';
import { sessionStore, type SessionRow } from '../stores/session-store';
import { userStore } from '../stores/user-store';

export type LiveSession = SessionRow & { username: string };

/** Unexpired sessions of active users, read before the restore. */
export function readLiveSessions(db: Db, now = new Date()): LiveSession[] {
  return sessionStore(db).live(now.toISOString());
}

/** Replaces the restored sessions with the live ones whose account is the same in the restored data. */
export function carrySessions(db: Db, live: readonly LiveSession[]): number {
  const sessions = sessionStore(db);
  const users = userStore(db);
  return writeTransaction(db, () => {
    sessions.deleteAll();
    let kept = 0;
    for (const { username, ...s } of live) {
      if (!users.isActiveAccount(s.user_id, username)) continue;
      sessions.insert(s);
      kept++;
    }
    return kept;
  });
}
