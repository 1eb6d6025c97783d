// Request guards of the loopback server (docs/design.md#local-server): DNS-rebinding Host check, and for
// state-changing requests the custom header plus an Origin, when sent, equal to our own.
import { msg, type Message } from '../../shared/messages';
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function ownOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

export interface GuardedRequest {
  method: string;
  /** The request target as sent (Node's `req.url`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Header names and values as sent, in order (Node keeps only the first Host in `headers`). */
  rawHeaders: string[];
}

/** Returns a refusal message, or null when the request may proceed. */
export function checkRequest(req: GuardedRequest, port: number): Message | null {
  // Only origin-form targets (`/path`): an absolute-form target names another server, and a proxy
  // or a confused client must not be served as if it had asked us.
  if (!req.url.startsWith('/')) return msg('guard.path');
  // Exactly one Host: with two, parts of the stack could disagree on which one was checked.
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts !== 1) return msg('guard.oneHost');
  const host = String(req.headers.host ?? '').toLowerCase();
  if (!allowedHosts(port).has(host)) return msg('guard.host', { host, port });
  if (STATE_CHANGING.has(req.method)) {
    if (req.headers['x-lab-client'] !== '1') return msg('guard.clientHeader');
    const origin = req.headers.origin;
    if (origin !== undefined && !ownOrigins(port).has(String(origin))) return msg('guard.origin', { origin: String(origin) });
  }
  return null;
}
