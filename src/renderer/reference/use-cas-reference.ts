// The reference lists' answer for the CAS a form holds: asked once the CAS parses and the user has
// stopped typing for a moment, cancelled when the CAS changes or the form closes, and kept per
// canonical CAS until a list switches edition (`reference-changed`: the cache is emptied, so the
// next form asks the new edition). A failed lookup is only "failed": it never blocks the form, and
// the next mount asks again.
import { useEffect, useState } from 'react';
import { parseCas } from '../../shared/cas';
import type { CasReference } from '../../shared/reference';
import { call, subscribeEvents } from '../api/client';

export type CasLookup = { state: 'none' } | { state: 'loading' } | { state: 'failed' } | { state: 'found'; ref: CasReference };

/** Quiet time after the last keystroke before asking. */
export const LOOKUP_DELAY_MS = 250;
/** Answers kept (oldest dropped first): a session's typing and an import preview's rows fit many times over. */
const CACHE_SIZE = 500;
const cache = new Map<string, CasReference>();

/** One subscription for the window, made by the first lookup: a switch of edition empties the cache. */
let following = false;
function follow(): void {
  if (following) return;
  following = true;
  subscribeEvents((e) => {
    if (e.type === 'reference-changed') cache.clear();
  });
}

function remember(ref: CasReference): void {
  cache.set(ref.cas, ref);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/** The canonical CAS when the text is a valid one, else null (nothing is asked for a malformed CAS). */
function canonicalOf(text: string | null | undefined): string | null {
  const p = parseCas(text);
  return p.kind === 'valid' ? p.canonical : null;
}

export function useCasReference(text: string | null | undefined): CasLookup {
  const cas = canonicalOf(text);
  // The state names the CAS it belongs to: an answer for an earlier CAS is never shown for this one.
  const [result, setResult] = useState<{ cas: string; lookup: CasLookup } | null>(null);
  useEffect(() => {
    follow();
    if (!cas || cache.has(cas)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call('lookupReferenceCas', { cas }, { signal: controller.signal }).then(
        (ref) => {
          remember(ref);
          setResult({ cas, lookup: { state: 'found', ref } });
        },
        () => {
          if (!controller.signal.aborted) setResult({ cas, lookup: { state: 'failed' } });
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cas]);
  if (!cas) return { state: 'none' };
  const known = cache.get(cas);
  if (known) return { state: 'found', ref: known };
  return result?.cas === cas ? result.lookup : { state: 'loading' };
}
