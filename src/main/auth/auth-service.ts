// Users and sessions in lab.db. Session tokens are random; only their SHA-256 is stored, so a
// copied database or backup holds no usable session.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open';
import { userStore, type UserRow, type UserWrites } from '../stores/user-store';
import { sessionStore, type SessionWrites } from '../stores/session-store';
import { AppError, fieldError } from '../../shared/errors';
import type { Role, UserInfo } from '../../shared/contract';
import { checkPassword, hashPassword } from './passwords';
import type { AuditLog } from '../audit/audit-log';
import { sortKey } from '../records/sort-key';
import { writeTransaction } from '../db/transaction';

const SESSION_DAYS = 30;

export function toUserInfo(r: UserRow): UserInfo {
  return { id: r.id, username: r.username, displayName: r.display_name, role: r.role, active: r.active === 1 };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class AuthService {
  private readonly users: UserWrites;
  private readonly sessions: SessionWrites;

  constructor(private readonly db: Db, private readonly audit: AuditLog) {
    this.users = userStore(db);
    this.sessions = sessionStore(db);
  }

  setupNeeded(): boolean {
    return !this.users.anyAdmin();
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
    if (this.users.byUsername(input.username)) {
      throw new AppError('conflict', 'auth.usernameTaken', { username: input.username }, { fields: fieldError('username', 'field.alreadyTaken') });
    }
    const id = this.users.insert({ username: input.username, displayName: input.displayName, displayNameSort: sortKey(input.displayName), role: input.role, passwordHash });
    this.audit.record({ userId: actorId ?? id, entityType: 'user', entityId: id, action: 'create', changes: { username: [null, input.username], role: [null, input.role] } });
    return this.get(id);
  }

  get(id: number): UserInfo {
    const row = this.users.byId(id);
    if (!row) throw new AppError('not_found', 'auth.noUser', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
    return toUserInfo(row);
  }

  list(): UserInfo[] {
    return this.users.all().map(toUserInfo);
  }

  update(id: number, patch: { displayName?: string; role?: Role; active?: boolean }, actorId: number): UserInfo {
    return writeTransaction(this.db, () => {
      const before = this.get(id);
      if (id === actorId && (patch.active === false || (patch.role && patch.role !== 'admin'))) {
        throw new AppError('conflict', 'auth.notOwnAccount', {}, { fields: fieldError(patch.active === false ? 'active' : 'role', 'field.notOnOwnAccount') });
      }
      const next = { displayName: patch.displayName ?? before.displayName, role: patch.role ?? before.role, active: patch.active ?? before.active };
      this.users.update(id, { ...next, displayNameSort: sortKey(next.displayName) });
      if (!next.active) this.sessions.deleteForUser(id);
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
      this.users.setPasswordHash(id, hash);
      this.sessions.deleteForUser(id);
      this.audit.record({ userId: actorId, entityType: 'user', entityId: id, action: 'reset_password', changes: {} });
    });
  }

  /**
   * Returns the new session token and the user. Unknown user and wrong password get the same
   * answer after the same scrypt work (checkPassword hashes against a dummy for an unknown user).
   */
  async login(username: string, password: string): Promise<{ token: string; user: UserInfo }> {
    const found = this.users.byUsername(username);
    const ok = await checkPassword(password, found?.password_hash);
    // Read again after the await: the user may have been deactivated meanwhile.
    const row = found && this.users.byId(found.id);
    if (!row || !ok) throw new AppError('unauthorized', 'auth.wrongPassword');
    if (row.active !== 1) throw new AppError('forbidden', 'auth.deactivated');
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    this.sessions.insert({ token_hash: sha256(token), user_id: row.id, created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: expires.toISOString() });
    return { token, user: toUserInfo(row) };
  }

  logout(token: string | null): void {
    if (token) this.sessions.deleteByToken(sha256(token));
  }

  /** The active user behind a session token, or null (unknown, expired, deactivated). */
  userForToken(token: string | null): UserInfo | null {
    if (!token) return null;
    const row = this.sessions.activeUser(sha256(token), new Date().toISOString());
    return row ? toUserInfo(row) : null;
  }
}
