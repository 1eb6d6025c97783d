// Sessions across a restore. The restored lab.db holds the backup's sessions table: tokens that
// were logged out (or whose users were deactivated) since the backup would work again. A restore
// therefore replaces that table with the sessions valid right before it, kept only for users that
// exist in the restored data as the same account (same id and username) and are active there.
// Everyone else logs in again; the person restoring stays logged in if their account is there.
import type Database from 'better-sqlite3';
import { writeTransaction } from '../db/transaction';

export interface LiveSession {
  token_hash: string;
  user_id: number;
  username: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Unexpired sessions of active users, read before the restore. */
export function readLiveSessions(db: Database.Database, now = new Date()): LiveSession[] {
  return db
    .prepare(
      `SELECT s.token_hash, s.user_id, u.username, s.created_at, s.last_seen_at, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.expires_at > ? AND u.active = 1`,
    )
    .all(now.toISOString()) as LiveSession[];
}

/** Replaces the restored sessions with the live ones whose account is the same in the restored data. */
export function carrySessions(db: Database.Database, live: readonly LiveSession[]): number {
  const same = db.prepare('SELECT 1 FROM users WHERE id = ? AND username = ? AND active = 1');
  const ins = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)');
  return writeTransaction(db, () => {
    db.prepare('DELETE FROM sessions').run();
    let kept = 0;
    for (const s of live) {
      if (!same.get(s.user_id, s.username)) continue;
      ins.run(s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at);
      kept++;
    }
    return kept;
  });
}
