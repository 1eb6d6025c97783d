// The one owner of lab.db's `sessions` table (docs/stores.md). Only a token's SHA-256 is stored,
// so a copied database or backup holds no usable session.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { UserRow } from './user-store';

export interface SessionRow {
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface SessionReads {
  /** The active user behind an unexpired session. */
  activeUser(tokenHash: string, now: string): UserRow | undefined;
  /** Unexpired sessions of active users, with their usernames. */
  live(now: string): Array<SessionRow & { username: string }>;
}

export interface SessionWrites extends SessionReads {
  insert(s: SessionRow): void;
  deleteByToken(tokenHash: string): void;
  deleteForUser(userId: number): void;
  deleteAll(): void;
}

export function sessionStore(db: Db): SessionWrites {
  return {
    activeUser: (tokenHash, now) =>
      prepareCached(db, 'SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ? AND u.active = 1').get(tokenHash, now) as UserRow | undefined,
    live: (now) =>
      prepareCached(db, 'SELECT s.token_hash, s.user_id, u.username, s.created_at, s.last_seen_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.expires_at > ? AND u.active = 1').all(now) as Array<SessionRow & { username: string }>,
    insert: (s) => {
      prepareCached(db, 'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at);
    },
    deleteByToken: (tokenHash) => {
      prepareCached(db, 'DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
    },
    deleteForUser: (userId) => {
      prepareCached(db, 'DELETE FROM sessions WHERE user_id = ?').run(userId);
    },
    deleteAll: () => {
      prepareCached(db, 'DELETE FROM sessions').run();
    },
  };
}
