// Request guards of the loopback server (DESIGN §4): DNS-rebinding Host check, and for
// state-changing requests the custom header plus an Origin, when sent, equal to our own.
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function ownOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** Returns a refusal message, or null when the request may proceed. */
export function checkRequest(req: { method: string; headers: Record<string, string | string[] | undefined> }, port: number): string | null {
  const host = String(req.headers.host ?? '').toLowerCase();
  if (!allowedHosts(port).has(host)) return `Host "${host}" is not allowed; use http://127.0.0.1:${port}.`;
  if (STATE_CHANGING.has(req.method)) {
    if (req.headers['x-lab-client'] !== '1') return 'Missing the X-Lab-Client: 1 header required for changes.';
    const origin = req.headers.origin;
    if (origin !== undefined && !ownOrigins(port).has(String(origin))) return `Requests from ${String(origin)} are not allowed.`;
  }
  return null;
}
