// Frontend session behaviour of spec 000 "Authentication": the stored snapshot keeps only the last
// user's info; business pages open only after /users/me succeeds; a 401 clears the state; a
// service error or time-out gives `degraded` (login page with retry); /login?switch=1 clears the
// local state without depending on a logout call.
import type { UserInfo } from '../../shared/contract';
import { ApiError, call, onUnauthorized, onUnreachable } from '../api/client';
import { createStore } from '../app/store';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous' | 'setup' | 'degraded';

export interface SessionState {
  status: SessionStatus;
  user: UserInfo | null;
  /** Why we are degraded (shown with the retry button). */
  problem: string | null;
  /** Increments on every login, logout and account switch: caches keyed by user listen to it. */
  epoch: number;
}

const SNAPSHOT_KEY = 'lab.auth.lastUser';
const ME_TIMEOUT_MS = 5000;

const store = createStore<SessionState>({ status: 'checking', user: null, problem: null, epoch: 0 });
const changeListeners = new Set<(s: SessionState) => void>();

function set(next: Partial<SessionState>, userChanged = false): void {
  const state = store.get();
  store.set({ ...state, ...next, epoch: userChanged ? state.epoch + 1 : state.epoch });
  if (userChanged) for (const l of changeListeners) l(store.get());
}

export function getSession(): SessionState {
  return store.get();
}

export function useSession(): SessionState {
  return store.use();
}

/** Called on login, logout and account switch (caches clear themselves here). */
export function onAccountChange(listener: (s: SessionState) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function lastUserSnapshot(): Pick<UserInfo, 'username' | 'displayName'> | null {
  try {
    const raw = localStorage.getItem(SNAPSHOT_KEY);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

function saveSnapshot(user: UserInfo | null): void {
  if (user) localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ id: user.id, username: user.username, displayName: user.displayName, role: user.role }));
  else localStorage.removeItem(SNAPSHOT_KEY);
}

function becomeAnonymous(): void {
  saveSnapshot(null);
  set({ status: 'anonymous', user: null, problem: null }, true);
}

onUnauthorized(() => {
  if (getSession().status === 'authenticated') becomeAnonymous();
});

// The service vanished under an open window: check /users/me again in the background (the open
// screens stay mounted); only a failed check shows `degraded` (login page with retry).
let backgroundCheck: Promise<void> | null = null;
onUnreachable(() => {
  if (getSession().status === 'authenticated' && !backgroundCheck) backgroundCheck = verifySession({ background: true }).finally(() => (backgroundCheck = null));
});

/** Verifies the session with /users/me; only success opens the business pages. */
export async function verifySession(opts: { background?: boolean } = {}): Promise<void> {
  if (!opts.background) set({ status: 'checking', problem: null });
  try {
    const user = await call('me', {}, { timeoutMs: ME_TIMEOUT_MS });
    saveSnapshot(user);
    set({ status: 'authenticated', user, problem: null }, getSession().user?.id !== user.id);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'unauthorized') {
      try {
        const { needed } = await call('setupStatus', {}, { timeoutMs: ME_TIMEOUT_MS });
        saveSnapshot(null);
        set({ status: needed ? 'setup' : 'anonymous', user: null, problem: null }, getSession().user !== null);
      } catch (e2) {
        set({ status: 'degraded', user: null, problem: (e2 as Error).message }, getSession().user !== null);
      }
      return;
    }
    set({ status: 'degraded', user: null, problem: (e as Error).message }, getSession().user !== null);
  }
}

export async function login(username: string, password: string): Promise<void> {
  const user = await call('login', { username, password });
  saveSnapshot(user);
  set({ status: 'authenticated', user, problem: null }, true);
}

export async function completeSetup(input: { username: string; password: string; displayName: string }): Promise<void> {
  const user = await call('setup', input);
  saveSnapshot(user);
  set({ status: 'authenticated', user, problem: null }, true);
}

export async function logout(): Promise<void> {
  try {
    await call('logout', {});
  } finally {
    becomeAnonymous();
  }
}

/** `/login?switch=1`: forget the local state at once; the server logout is best effort only. */
export function switchAccount(): void {
  becomeAnonymous();
  void call('logout', {}).catch(() => undefined);
}
