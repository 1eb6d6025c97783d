// One value for the whole window that screens render from (the session, the controlled lists, a
// scanned item on its way to the inventory page): a module keeps it, components read it with
// `use()` and re-render when it is set.
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  /** Replaces the value and tells every subscriber; setting the same value tells nobody. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** The hook: the current value, and a re-render whenever it is set. */
  use(): T;
}

export interface StoreOptions {
  /**
   * Runs when the first subscriber arrives (e.g. to load the value and listen for changes); the
   * function it returns runs once the last one has left. That is checked after the current commit:
   * a list's new page unsubscribes its old rows before its new rows subscribe, which must not stop
   * and start again.
   */
  start?: () => () => void;
}

export function createStore<T>(initial: T, opts: StoreOptions = {}): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;

  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (opts.start && !stop) stop = opts.start();
    return () => {
      listeners.delete(listener);
      if (!opts.start) return;
      queueMicrotask(() => {
        if (listeners.size === 0 && stop) {
          const s = stop;
          stop = null;
          s();
        }
      });
    };
  };
  return {
    get,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, get),
  };
}
