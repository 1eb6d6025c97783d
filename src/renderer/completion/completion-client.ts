// The renderer's completion client: one cache for the session, cleared on logout and account
// switch; requests with a 2 s time-out and an abort signal; late answers of a previous account
// are dropped (the session epoch changed while they were in flight).
import { call } from '../api/client';
import { getSession, onAccountChange } from '../session/session-store';
import { CompletionCache, REQUEST_TIMEOUT_MS } from './ghost-logic';

export const completionCache = new CompletionCache();
onAccountChange(() => completionCache.clear());

export interface Fetched {
  completion: string;
  suffix: string;
}

/** Cached or fetched suggestion; null when aborted, timed out, failed, or the account changed meanwhile. */
export async function fetchSuggestion(endpoint: string, field: string, q: string, signal: AbortSignal): Promise<Fetched | null> {
  const session = getSession();
  const user = session.user;
  if (!user) return null;
  const key = CompletionCache.key(user.id, endpoint, field, q);
  const hit = completionCache.get(key);
  if (hit) return hit;
  const epoch = session.epoch;
  try {
    const r = await call('inlineCompletion', { endpoint, q, field }, { signal, timeoutMs: REQUEST_TIMEOUT_MS });
    if (getSession().epoch !== epoch || signal.aborted) return null;
    completionCache.set(key, r);
    return r;
  } catch {
    return null;
  }
}

export function sendFeedback(endpoint: string, completion: string, accepted: boolean): void {
  const user = getSession().user;
  if (user) completionCache.dropScope(user.id, endpoint);
  void call('completionFeedback', { endpoint, field: 'all', query: completion, accepted }).catch(() => undefined);
}
