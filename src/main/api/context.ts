// What a handler sees of the caller. Transports supply the session holder: HTTP keeps the token in
// an HttpOnly cookie, IPC keeps it per window in the main process.
import type { UserInfo } from '../../shared/contract';

export interface SessionHolder {
  readonly token: string | null;
  set(token: string): void;
  clear(): void;
}

/**
 * The active user behind a session token, or null (none, unknown, expired, deactivated). It answers
 * a promise: the session table may be a round trip away.
 */
export type SessionLookup = (token: string | null) => Promise<UserInfo | null>;

export interface CallContext {
  user: UserInfo | null;
  session: SessionHolder;
  transport: 'ipc' | 'http';
}

/** Handlers behind `member`/`user`/`admin` access always have a user; this narrows the type. */
export function requireUser(ctx: CallContext): UserInfo {
  if (!ctx.user) throw new Error('handler reached without a user');
  return ctx.user;
}
