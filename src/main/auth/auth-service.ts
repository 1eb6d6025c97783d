// Users and sessions in lab.db. Session tokens are random; only their SHA-256 is stored, so a
// copied database or backup holds no usable session.
import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from '../stores/user-store';
import type { LabData, LabReads, LabWrites } from '../stores/lab-data';
import { AppError, fieldError } from '../../shared/errors';
import type { Role, UserInfo } from '../../shared/contract';
import { checkPassword, hashPassword } from './passwords';
import { recordAudit } from '../audit/audit-log';
import { sortKey } from '../records/sort-key';

const SESSION_DAYS = 30;

export function toUserInfo(r: UserRow): UserInfo {
  return { id: r.id, username: r.username, displayName: r.display_name, role: r.role, active: r.active === 1 };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** User `id` as read in the open unit `r`; not found with a field error. */
async function userIn(r: Pick<LabReads, 'users'>, id: number): Promise<UserInfo> {
  const row = await r.users.byId(id);
  if (!row) throw new AppError('not_found', 'auth.noUser', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
  return toUserInfo(row);
}

/** Adds a user and its audit entry in the open unit `tx`; a taken username is refused. */
async function insertUser(tx: Pick<LabWrites, 'users' | 'audit'>, input: { username: string; displayName: string; role: Role }, passwordHash: string, actorId: number | null): Promise<UserInfo> {
  if (await tx.users.byUsername(input.username)) {
    throw new AppError('conflict', 'auth.usernameTaken', { username: input.username }, { fields: fieldError('username', 'field.alreadyTaken') });
  }
  const id = await tx.users.insert({ username: input.username, displayName: input.displayName, displayNameSort: sortKey(input.displayName), role: input.role, passwordHash });
  await recordAudit(tx, { userId: actorId ?? id, entityType: 'user', entityId: id, action: 'create', changes: { username: [null, input.username], role: [null, input.role] } });
  return userIn(tx, id);
}

/**
 * Accounts and sessions on the seam (docs/stores.md). scrypt never runs inside a unit of work: a
 * unit holds the write queue (or the read snapshot) while it awaits, so the user is read in one
 * unit, the password hashed or checked outside, and what it decides written in a second unit that
 * reads again what the decision rests on.
 */
export class AuthService {
  constructor(private readonly data: LabData) {}

  async setupNeeded(): Promise<boolean> {
    return !(await this.data.read((r) => r.users.anyAdmin()));
  }

  /** First start: creates the admin. Refused once any admin exists. */
  async setup(input: { username: string; password: string; displayName: string }): Promise<UserInfo> {
    if (!(await this.setupNeeded())) throw new AppError('conflict', 'auth.alreadySetUp');
    // Hashed before the unit; the check is repeated inside it, as another setup may have
    // finished while this one hashed.
    const hash = await hashPassword(input.password);
    return this.data.withWriteTransaction(async (tx) => {
      if (await tx.users.anyAdmin()) throw new AppError('conflict', 'auth.alreadySetUp');
      return insertUser(tx, { ...input, role: 'admin' }, hash, null);
    });
  }

  async createUser(input: { username: string; password: string; displayName: string; role: Role }, actorId: number): Promise<UserInfo> {
    const hash = await hashPassword(input.password);
    return this.addUserWithHash(input, hash, actorId);
  }

  /**
   * Adds a user whose password is already hashed (hashPassword): createUser without its scrypt,
   * for callers that hash once and add many users (seeding, benchmarks).
   */
  addUserWithHash(input: { username: string; displayName: string; role: Role }, passwordHash: string, actorId: number | null): Promise<UserInfo> {
    return this.data.withWriteTransaction((tx) => insertUser(tx, input, passwordHash, actorId));
  }

  get(id: number): Promise<UserInfo> {
    return this.data.read((r) => userIn(r, id));
  }

  async list(): Promise<UserInfo[]> {
    return (await this.data.read((r) => r.users.all())).map(toUserInfo);
  }

  update(id: number, patch: { displayName?: string; role?: Role; active?: boolean }, actorId: number): Promise<UserInfo> {
    return this.data.withWriteTransaction(async (tx) => {
      const before = await userIn(tx, id);
      if (id === actorId && (patch.active === false || (patch.role && patch.role !== 'admin'))) {
        throw new AppError('conflict', 'auth.notOwnAccount', {}, { fields: fieldError(patch.active === false ? 'active' : 'role', 'field.notOnOwnAccount') });
      }
      const next = { displayName: patch.displayName ?? before.displayName, role: patch.role ?? before.role, active: patch.active ?? before.active };
      await tx.users.update(id, { ...next, displayNameSort: sortKey(next.displayName) });
      if (!next.active) await tx.sessions.deleteForUser(id);
      const changes: Record<string, [unknown, unknown]> = {};
      for (const k of ['displayName', 'role', 'active'] as const) if (before[k] !== next[k]) changes[k] = [before[k], next[k]];
      if (Object.keys(changes).length) await recordAudit(tx, { userId: actorId, entityType: 'user', entityId: id, action: 'update', changes });
      return userIn(tx, id);
    });
  }

  async resetPassword(id: number, password: string, actorId: number): Promise<void> {
    await this.get(id);
    const hash = await hashPassword(password);
    await this.data.withWriteTransaction(async (tx) => {
      await userIn(tx, id);
      await tx.users.setPasswordHash(id, hash);
      await tx.sessions.deleteForUser(id);
      await recordAudit(tx, { userId: actorId, entityType: 'user', entityId: id, action: 'reset_password', changes: {} });
    });
  }

  /**
   * Returns the new session token and the user. Unknown user and wrong password get the same
   * answer after the same scrypt work (checkPassword hashes against a dummy for an unknown user).
   */
  async login(username: string, password: string): Promise<{ token: string; user: UserInfo }> {
    const found = await this.data.read((r) => r.users.byUsername(username));
    const ok = await checkPassword(password, found?.password_hash);
    if (!found || !ok) throw new AppError('unauthorized', 'auth.wrongPassword');
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    const now = new Date();
    const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    // Read again under the write lock: the user may have been removed or deactivated while the
    // password was checked, and the session is written only for the account as it is now.
    const row = await this.data.withWriteTransaction(async (tx) => {
      const current = await tx.users.byId(found.id);
      if (!current) throw new AppError('unauthorized', 'auth.wrongPassword');
      if (current.active !== 1) throw new AppError('forbidden', 'auth.deactivated');
      await tx.sessions.insert({ token_hash: tokenHash, user_id: current.id, created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: expires.toISOString() });
      return current;
    });
    return { token, user: toUserInfo(row) };
  }

  async logout(token: string | null): Promise<void> {
    if (!token) return;
    const tokenHash = sha256(token);
    await this.data.withWriteTransaction((tx) => tx.sessions.deleteByToken(tokenHash));
  }

  /** The active user behind a session token, or null (unknown, expired, deactivated). */
  async userForToken(token: string | null): Promise<UserInfo | null> {
    if (!token) return null;
    const tokenHash = sha256(token);
    const row = await this.data.read((r) => r.sessions.activeUser(tokenHash, new Date().toISOString()));
    return row ? toUserInfo(row) : null;
  }
}
