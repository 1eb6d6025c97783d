// Pure client rules of inline completion (spec 000 "Client behaviour"): when a request is made,
// how the shown ghost text shrinks while the user types along it (no request, as fish does), and
// the local cache (user + endpoint + field + query, 60 s, empties never cached).
import { normalizeSearchTerm } from '../../shared/normalize';

export const DEBOUNCE_MS = 150;
export const REQUEST_TIMEOUT_MS = 2000;
export const CACHE_TTL_MS = 60_000;

export interface Ghost {
  /** The text the box held when this ghost was computed (or shrunk). */
  typed: string;
  completion: string;
  suffix: string;
}

/** Only for field `all`, a non-empty query, and no half-width space (multi-word queries). */
export function shouldRequest(value: string, field: string): boolean {
  return field === 'all' && value.trim() !== '' && !value.includes(' ') && normalizeSearchTerm(value) !== '';
}

const same = (a: string, b: string) => a === b || normalizeSearchTerm(a) === normalizeSearchTerm(b);

/**
 * The ghost after the user typed more text: when the new text extends the old one along the
 * suggestion, the remaining suffix; null when it diverges or is used up (then a request is due).
 */
export function shrinkGhost(ghost: Ghost, value: string): Ghost | null {
  if (!value.startsWith(ghost.typed) || value.length <= ghost.typed.length) return null;
  const added = Array.from(value.slice(ghost.typed.length));
  let suffix = Array.from(ghost.suffix);
  for (const ch of added) {
    if (suffix.length && same(ch, suffix[0]!) && normalizeSearchTerm(ch) !== '') {
      suffix = suffix.slice(1);
      continue;
    }
    if (normalizeSearchTerm(ch) === '') {
      // A separator: consume the suggestion's own separator if it has one here.
      if (suffix.length && normalizeSearchTerm(suffix[0]!) === '') suffix = suffix.slice(1);
      continue;
    }
    // The suggestion has separators the user skipped (typed "6417" against "64-17-5").
    while (suffix.length && normalizeSearchTerm(suffix[0]!) === '') suffix = suffix.slice(1);
    if (suffix.length && same(ch, suffix[0]!)) suffix = suffix.slice(1);
    else return null;
  }
  if (!suffix.length) return null;
  return { typed: value, completion: ghost.completion, suffix: suffix.join('') };
}

export interface CacheEntry {
  completion: string;
  suffix: string;
  at: number;
}

export class CompletionCache {
  private readonly map = new Map<string, CacheEntry>();
  constructor(private readonly clock: () => number = Date.now) {}

  static key(userId: number, endpoint: string, field: string, q: string): string {
    return JSON.stringify([userId, endpoint, field, q]);
  }

  get(key: string): CacheEntry | null {
    const e = this.map.get(key);
    if (!e) return null;
    if (this.clock() - e.at >= CACHE_TTL_MS) {
      this.map.delete(key);
      return null;
    }
    return e;
  }

  /** Empty suggestions are never cached. */
  set(key: string, value: { completion: string; suffix: string }): void {
    if (!value.suffix) return;
    this.map.set(key, { ...value, at: this.clock() });
  }

  /** Drops every entry of one user + endpoint (after feedback changed its ranking). */
  dropScope(userId: number, endpoint: string): void {
    const prefix = JSON.stringify([userId, endpoint]).slice(0, -1);
    for (const k of this.map.keys()) if (k.startsWith(prefix)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
