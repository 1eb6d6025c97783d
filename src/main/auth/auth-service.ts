// Users and sessions in lab.db. Session tokens are random; only their SHA-256 is stored, so a
// copied database or backup holds no usable session.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open';
import { AppError, fieldError } from '../../shared/errors';
import type { Role, UserInfo } from '../../shared/contract';
import { checkPassword, hashPassword } from './passwords';
import type { AuditLog } from '../audit/audit-log';
import { sortKey } from '../records/sort-key';
import { writeTransaction } from '../db/transaction';

const SESSION_DAYS = 30;

interface UserRow {
  id: number;
  username: string;
  display_name: string;
  role: Role;
  password_hash: string;
  active: number;
}

export function toUserInfo(r: UserRow): UserInfo {
  return { id: r.id, username: r.username, displayName: r.display_name, role: r.role, active: r.active === 1 };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class AuthService {
  constructor(private readonly db: Db, private readonly audit: AuditLog) {}

  setupNeeded(): boolean {
    return !this.db.prepare(`SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`).get();
  }

  /** First start: creates the admin. Refused once any admin exists. */
  async setup(input: { username: string; password: string; displayName: string }): Promise<UserInfo> {
    if (!this.setupNeeded()) throw new AppError('conflict', 'auth.alreadySetUp');
    // Hashed off the event loop before the transaction; the check is repeated inside it, as
    // another setup may have finished while this one hashed.
    const hash = await hashPassword(input.password);
    return writeTransaction(this.db, () => {
      if (!this.setupNeeded()) throw new AppError('conflict', 'auth.alreadySetUp');
      return this.insertUser({ ...input, role: 'admin' }, hash, null);
    });
  }

  async createUser(input: { username: string; password: string; displayName: string; role: Role }, actorId: number): Promise<UserInfo> {
    const hash = await hashPassword(input.password);
    return writeTransaction(this.db, () => this.insertUser(input, hash, actorId));
  }

  /**
   * Adds a user whose password is already hashed (hashPassword): the synchronous half of
   * createUser, for callers that hash once and add many users (test harnesses, seeding).
   */
  addUserWithHash(input: { username: string; displayName: string; role: Role }, passwordHash: string, actorId: number | null): UserInfo {
    return writeTransaction(this.db, () => this.insertUser(input, passwordHash, actorId));
  }

  private insertUser(input: { username: string; displayName: string; role: Role }, passwordHash: string, actorId: number | null): UserInfo {
    if (this.db.prepare('SELECT 1 FROM users WHERE username = ?').get(input.username)) {
      throw new AppError('conflict', 'auth.usernameTaken', { username: input.username }, { fields: fieldError('username', 'field.alreadyTaken') });
    }
    const info = this.db
      .prepare('INSERT INTO users (username, display_name, display_name_sort, role, password_hash) VALUES (?, ?, ?, ?, ?)')
      .run(input.username, input.displayName, sortKey(input.displayName), input.role, passwordHash);
    const id = Number(info.lastInsertRowid);
    this.audit.record({ userId: actorId ?? id, entityType: 'user', entityId: id, action: 'create', changes: { username: [null, input.username], role: [null, input.role] } });
    return this.get(id);
  }

  get(id: number): UserInfo {
    const row = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    if (!row) throw new AppError('not_found', 'auth.noUser', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
    return toUserInfo(row);
  }

  list(): UserInfo[] {
    return (this.db.prepare('SELECT * FROM users ORDER BY username').all() as UserRow[]).map(toUserInfo);
  }

  update(id: number, patch: { displayName?: string; role?: Role; active?: boolean }, actorId: number): UserInfo {
    return writeTransaction(this.db, () => {
      const before = this.get(id);
      if (id === actorId && (patch.active === false || (patch.role && patch.role !== 'admin'))) {
        throw new AppError('conflict', 'auth.notOwnAccount', {}, { fields: fieldError(patch.active === false ? 'active' : 'role', 'field.notOnOwnAccount') });
      }
      const next = { displayName: patch.displayName ?? before.displayName, role: patch.role ?? before.role, active: patch.active ?? before.active };
      this.db
        .prepare(`UPDATE users SET display_name = ?, display_name_sort = ?, role = ?, active = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`)
        .run(next.displayName, sortKey(next.displayName), next.role, next.active ? 1 : 0, id);
      if (!next.active) this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(id);
      const changes: Record<string, [unknown, unknown]> = {};
      for (const k of ['displayName', 'role', 'active'] as const) if (before[k] !== next[k]) changes[k] = [before[k], next[k]];
      if (Object.keys(changes).length) this.audit.record({ userId: actorId, entityType: 'user', entityId: id, action: 'update', changes });
      return this.get(id);
    });
  }

  async resetPassword(id: number, password: string, actorId: number): Promise<void> {
    this.get(id);
    const hash = await hashPassword(password);
    writeTransaction(this.db, () => {
      this.get(id);
      this.db.prepare(`UPDATE users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`).run(hash, id);
      this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(id);
      this.audit.record({ userId: actorId, entityType: 'user', entityId: id, action: 'reset_password', changes: {} });
    });
  }

  /**
   * Returns the new session token and the user. Unknown user and wrong password get the same
   * answer after the same scrypt work (checkPassword hashes against a dummy for an unknown user).
   */
  async login(username: string, password: string): Promise<{ token: string; user: UserInfo }> {
    const found = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
    const ok = await checkPassword(password, found?.password_hash);
    // Read again after the await: the user may have been deactivated meanwhile.
    const row = found && (this.db.prepare('SELECT * FROM users WHERE id = ?').get(found.id) as UserRow | undefined);
    if (!row || !ok) throw new AppError('unauthorized', 'auth.wrongPassword');
    if (row.active !== 1) throw new AppError('forbidden', 'auth.deactivated');
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    this.db
      .prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(sha256(token), row.id, now.toISOString(), now.toISOString(), expires.toISOString());
    return { token, user: toUserInfo(row) };
  }

  logout(token: string | null): void {
    if (token) this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(sha256(token));
  }

  /** The active user behind a session token, or null (unknown, expired, deactivated). */
  userForToken(token: string | null): UserInfo | null {
    if (!token) return null;
    const row = this.db
      .prepare(
        `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = ? AND s.expires_at > ? AND u.active = 1`,
      )
      .get(sha256(token), new Date().toISOString()) as UserRow | undefined;
    return row ? toUserInfo(row) : null;
  }
}
