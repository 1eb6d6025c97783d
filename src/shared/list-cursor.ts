// A list page's keyset cursor: the position of one row in a list's order (its sort key, status and
// id), the page it was on, and a fingerprint of the query it belongs to. The server hands one out
// for the first and the last row of a page (`before` / `after`); the renderer sends it back when
// the user steps to the neighbouring page, and the server walks the sort index from that row
// instead of skipping `OFFSET` rows. Opaque to the client: base64url of a small JSON object.
// The contract checks the shape (a malformed cursor is a 400 naming the field); the server uses a
// well-formed one only when its page and fingerprint match the request, else it reads by OFFSET
// (the same rows), so a stale or foreign cursor never changes what a page shows.

export interface ListCursor {
  /** The page the row was on. */
  p: number;
  /** Fingerprint of the query (everything but the page): listQueryFingerprint. */
  q: string;
  /** The row's sort key (absent for the id and status orders; null when the column is empty). */
  k?: string | number | null;
  /** The row's status. */
  s: string;
  /** The row's id. */
  i: number;
}

const MAX_CURSOR = 700;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function encodeCursor(c: ListCursor): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(c)));
}

/** The cursor a string holds, or null when it is not one (wrong alphabet, JSON or shape). */
export function decodeCursor(text: string): ListCursor | null {
  if (text.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let v: unknown;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    v = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const c = v as Record<string, unknown>;
  const keys = Object.keys(c);
  if (keys.some((k) => !['p', 'q', 'k', 's', 'i'].includes(k))) return null;
  if (!Number.isSafeInteger(c.p) || (c.p as number) < 1) return null;
  if (typeof c.q !== 'string' || c.q.length > 32) return null;
  if (typeof c.s !== 'string' || c.s.length > 40) return null;
  if (!Number.isSafeInteger(c.i) || (c.i as number) < 1) return null;
  if ('k' in c && !(c.k === null || typeof c.k === 'string' || (typeof c.k === 'number' && Number.isFinite(c.k)))) return null;
  return c as unknown as ListCursor;
}

/** A short hash of a list query without its page (and cursors): a cursor is for this query only. */
export function listQueryFingerprint(q: Record<string, unknown>): string {
  const parts = Object.keys(q)
    .filter((k) => !['page', 'after', 'before', 'submitted'].includes(k) && q[k] !== undefined)
    .sort()
    .map((k) => `${k}=${JSON.stringify(q[k])}`);
  // cyrb53: 53 bits are plenty to tell a user's views apart.
  const text = parts.join('&');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
