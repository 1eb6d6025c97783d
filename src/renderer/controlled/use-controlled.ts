// The controlled lists as every screen showing a flag needs them: the categories (names in both
// languages) and a CAS → category ids map (the cart-import review looks up items not yet in the
// database). One copy for the whole window, read once and again on `controlled-changed`, with one
// event subscription however many rows show a tag.
import { useSyncExternalStore } from 'react';
import { call, subscribeEvents } from '../api/client';
import type { ControlledCategory } from '../../shared/controlled';

export interface ControlledLists {
  categories: ControlledCategory[];
  /** Canonical CAS → the ids of the categories that list it. */
  byCas: ReadonlyMap<string, number[]>;
}

const EMPTY: ControlledLists = { categories: [], byCas: new Map() };
let state: ControlledLists = EMPTY;
const listeners = new Set<() => void>();
let off: (() => void) | null = null;

async function load(): Promise<void> {
  try {
    const [categories, entries] = await Promise.all([call('listControlledLists', {}), call('listControlledEntries', {})]);
    const byCas = new Map<string, number[]>();
    for (const e of entries) byCas.set(e.cas, [...(byCas.get(e.cas) ?? []), e.category_id]);
    state = { categories, byCas };
    for (const l of listeners) l();
  } catch {
    // Not logged in yet, or the app is away: the flags stay as they were; the next event reloads.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!off) {
    off = subscribeEvents((e) => {
      if (e.type === 'controlled-changed') void load();
    });
    void load();
  }
  return () => {
    listeners.delete(listener);
    // Checked once the commit is over: a list's new page unsubscribes its old rows' tags before
    // its new ones subscribe, and must not read the lists again for that.
    queueMicrotask(() => {
      if (listeners.size === 0 && off) {
        off();
        off = null;
      }
    });
  };
}

export function useControlled(): ControlledLists {
  return useSyncExternalStore(subscribe, () => state);
}

/** Reads the lists again now (the admin screen after its own change, before the event arrives). */
export function reloadControlled(): Promise<void> {
  return load();
}
