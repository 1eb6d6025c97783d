// Logins on PostgreSQL: the same interface and answers as lab.db's session store
// (stores/session-store.ts), plus the one read the server needs before it knows the lab. A session
// is a person's login and names the lab it is in (`lab_id`); it is how a request finds its lab, so
// the table is the institute's rather than a lab's, and every statement here but `labOf` keeps to
// the current lab itself (docs/postgres.md). Only a token's SHA-256 is stored.
import type { Sql } from '../../db/pg/sql';
import type { Async } from '../async-store';
import type { SessionRow, SessionWrites } from '../session-store';
import type { UserRow } from '../user-store';
import { PG_USER_ROW } from './user-store';

// A live session's account with its membership of the session's lab; lab_members' row-level
// security leaves only the current lab's, so another lab's session finds nobody.
const LIVE = `sessions s JOIN users u ON u.id = s.user_id JOIN lab_members m ON m.user_id = s.user_id AND m.lab_id = s.lab_id
  WHERE s.expires_at > $1 AND m.active = 1 AND s.lab_id = app_current_lab()`;

export interface PgSessionWrites extends Async<SessionWrites> {
  /** The lab of an unexpired session, before any lab is set: what the server enters for its request. */
  labOf(tokenHash: string, now: string): Promise<number | undefined>;
}

export function pgSessionStore(sql: Sql): PgSessionWrites {
  return {
    activeUser: (tokenHash, now) => sql.get<UserRow>(`SELECT ${PG_USER_ROW} FROM ${LIVE} AND s.token_hash = $2`, [now, tokenHash]),
    live: (now) => sql.all<SessionRow & { username: string }>(`SELECT s.token_hash, s.user_id, u.username, s.created_at, s.last_seen_at, s.expires_at FROM ${LIVE}`, [now]),
    insert: async (s) => {
      await sql.run('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at]);
    },
    deleteByToken: async (tokenHash) => {
      await sql.run('DELETE FROM sessions WHERE token_hash = $1 AND lab_id = app_current_lab()', [tokenHash]);
    },
    deleteForUser: async (userId) => {
      await sql.run('DELETE FROM sessions WHERE user_id = $1 AND lab_id = app_current_lab()', [userId]);
    },
    deleteAll: async () => {
      await sql.run('DELETE FROM sessions WHERE lab_id = app_current_lab()');
    },
    labOf: async (tokenHash, now) => (await sql.get<{ lab_id: number }>('SELECT lab_id FROM sessions WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now]))?.lab_id,
  };
}
