// The users of the current lab on PostgreSQL: the same interface and answers as lab.db's user
// store (stores/user-store.ts). An account is institute-wide (`users`); its role and whether it
// is active are its membership of the lab (`lab_members`, row-level security keeps the current
// lab's). So a person who is not a member of the current lab is no user here. This store is also
// the one owner of `lab_members`.
import type { Sql } from '../../db/pg/sql';
import type { Async } from '../async-store';
import type { UserRow, UserWrites } from '../user-store';

/** A user row as lab.db's `SELECT * FROM users` has it. */
export const PG_USER_ROW = `u.id, u.username, u.display_name, m.role, u.password_hash, m.active, u.created_at, u.updated_at, u.display_name_sort`;
const MEMBERS = `users u JOIN lab_members m ON m.user_id = u.id`;
const NOW = `to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** lab.db's COLLATE NOCASE: ASCII letters fold, nothing else. */
const username = (param: string) => `lower(u.username COLLATE "C") = lower(${param}::text COLLATE "C")`;

export function pgUserStore(sql: Sql): Async<UserWrites> {
  return {
    anyAdmin: async () => !!(await sql.get(`SELECT 1 FROM lab_members WHERE role = 'admin' LIMIT 1`)),
    byId: (id) => sql.get<UserRow>(`SELECT ${PG_USER_ROW} FROM ${MEMBERS} WHERE u.id = $1`, [id]),
    byUsername: (name) => sql.get<UserRow>(`SELECT ${PG_USER_ROW} FROM ${MEMBERS} WHERE ${username('$1')}`, [name]),
    all: () => sql.all<UserRow>(`SELECT ${PG_USER_ROW} FROM ${MEMBERS} ORDER BY lower(u.username COLLATE "C")`),
    displayNames: async () => new Map((await sql.all<{ id: number; display_name: string }>(`SELECT u.id, u.display_name FROM ${MEMBERS}`)).map((u) => [u.id, u.display_name])),
    isActiveAccount: async (id, name) => !!(await sql.get(`SELECT 1 FROM ${MEMBERS} WHERE u.id = $1 AND ${username('$2')} AND m.active = 1`, [id, name])),
    activeAdminIds: async () => (await sql.all<{ id: number }>(`SELECT user_id AS id FROM lab_members WHERE role = 'admin' AND active = 1 ORDER BY user_id`)).map((r) => r.id),
    insert: async (u) => {
      // The account and its membership of the current lab, in one statement. A username taken
      // anywhere in the institute is a unique violation, as on lab.db (db/constraint.ts).
      const row = await sql.get<{ id: number }>(
        `WITH account AS (INSERT INTO users (username, display_name, display_name_sort, password_hash) VALUES ($1, $2, $3, $4) RETURNING id),
           membership AS (INSERT INTO lab_members (user_id, role) SELECT id, $5::text FROM account)
         SELECT id FROM account`,
        [u.username, u.displayName, u.displayNameSort, u.passwordHash, u.role],
      );
      return row!.id;
    },
    update: async (id, u) => {
      await sql.run(
        `WITH membership AS (UPDATE lab_members SET role = $3, active = $4 WHERE user_id = $5 RETURNING user_id)
         UPDATE users SET display_name = $1, display_name_sort = $2, updated_at = ${NOW} WHERE id IN (SELECT user_id FROM membership)`,
        [u.displayName, u.displayNameSort, u.role, u.active ? 1 : 0, id],
      );
    },
    setPasswordHash: async (id, hash) => {
      await sql.run(`UPDATE users SET password_hash = $1, updated_at = ${NOW} WHERE id = $2 AND id IN (SELECT user_id FROM lab_members)`, [hash, id]);
    },
  };
}
