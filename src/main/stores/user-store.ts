// The one owner of lab.db's `users` table (docs/stores.md): every statement that reads or writes it.
// Reads and writes are separate interfaces, so a service that only reads is handed only reads.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { Role } from '../../shared/contract';

export interface UserRow {
  id: number;
  username: string;
  display_name: string;
  role: Role;
  password_hash: string;
  active: number;
}

export interface UserReads {
  anyAdmin(): boolean;
  byId(id: number): UserRow | undefined;
  byUsername(username: string): UserRow | undefined;
  /** Every user, by username. */
  all(): UserRow[];
  /** Display names by id, for lists that show who did something. */
  displayNames(): Map<number, string>;
  /** Whether `id` is still the active account `username` (a restore may have changed either). */
  isActiveAccount(id: number, username: string): boolean;
  /** The ids of the active administrators. */
  activeAdminIds(): number[];
}

export interface UserWrites extends UserReads {
  /** Adds a user; returns the new id. `displayNameSort` is the display name's stored sort key. */
  insert(u: { username: string; displayName: string; displayNameSort: string; role: Role; passwordHash: string }): number;
  update(id: number, u: { displayName: string; displayNameSort: string; role: Role; active: boolean }): void;
  setPasswordHash(id: number, hash: string): void;
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

export function userStore(db: Db): UserWrites {
  return {
    anyAdmin: () => !!prepareCached(db, `SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`).get(),
    byId: (id) => prepareCached(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined,
    byUsername: (username) => prepareCached(db, 'SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined,
    all: () => prepareCached(db, 'SELECT * FROM users ORDER BY username').all() as UserRow[],
    displayNames: () => new Map((prepareCached(db, 'SELECT id, display_name FROM users').all() as Array<{ id: number; display_name: string }>).map((u) => [u.id, u.display_name])),
    isActiveAccount: (id, username) => !!prepareCached(db, 'SELECT 1 FROM users WHERE id = ? AND username = ? AND active = 1').get(id, username),
    activeAdminIds: () => (prepareCached(db, `SELECT id FROM users WHERE role = 'admin' AND active = 1 ORDER BY id`).all() as Array<{ id: number }>).map((r) => r.id),
    insert: (u) => {
      const row = prepareCached(db, 'INSERT INTO users (username, display_name, display_name_sort, role, password_hash) VALUES (?, ?, ?, ?, ?) RETURNING id').get(u.username, u.displayName, u.displayNameSort, u.role, u.passwordHash) as { id: number };
      return row.id;
    },
    update: (id, u) => {
      prepareCached(db, `UPDATE users SET display_name = ?, display_name_sort = ?, role = ?, active = ?, updated_at = ${NOW} WHERE id = ?`).run(u.displayName, u.displayNameSort, u.role, u.active ? 1 : 0, id);
    },
    setPasswordHash: (id, hash) => {
      prepareCached(db, `UPDATE users SET password_hash = ?, updated_at = ${NOW} WHERE id = ?`).run(hash, id);
    },
  };
}
