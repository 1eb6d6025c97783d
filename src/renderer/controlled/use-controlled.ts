// The controlled lists as every screen showing a flag needs them: the categories (names in both
// languages) and a CAS → category ids map (the cart-import review looks up items not yet in the
// database). One copy for the whole window, read once and again on `controlled-changed`, with one
// event subscription however many rows show a tag.
import { call, subscribeEvents } from '../api/client';
import { createStore } from '../app/store';
import type { ControlledCategory } from '../../shared/controlled';

export interface ControlledLists {
  categories: ControlledCategory[];
  /** Canonical CAS → the ids of the categories that list it. */
  byCas: ReadonlyMap<string, number[]>;
}

const EMPTY: ControlledLists = { categories: [], byCas: new Map() };
// Loaded when the first tag or list mounts; the event subscription ends when the last one leaves.
const store = createStore<ControlledLists>(EMPTY, {
  start: () => {
    const off = subscribeEvents((e) => {
      if (e.type === 'controlled-changed') void load();
    });
    void load();
    return off;
  },
});

async function load(): Promise<void> {
  try {
    const [categories, entries] = await Promise.all([call('listControlledLists', {}), call('listControlledEntries', {})]);
    const byCas = new Map<string, number[]>();
    for (const e of entries) byCas.set(e.cas, [...(byCas.get(e.cas) ?? []), e.category_id]);
    store.set({ categories, byCas });
  } catch {
    // Not logged in yet, or the app is away: the flags stay as they were; the next event reloads.
  }
}

export function useControlled(): ControlledLists {
  return store.use();
}

/** Reads the lists again now (the admin screen after its own change, before the event arrives). */
export function reloadControlled(): Promise<void> {
  return load();
}
