// A store as the services see it: every function answers a promise, as a PostgreSQL store's must
// (a pool, a network round trip). The SQLite stores run their statements synchronously underneath;
// this view is the shape both engines share (docs/stores.md).

/** `T`'s functions, each answering a promise of what it returned. */
export type Async<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * The asynchronous view of a synchronous store: the same functions, their results (and throws)
 * as promises. Built once per connection, so a call costs one promise.
 */
export function promised<T extends object>(store: T): Async<T> {
  const view: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(store)) {
    if (typeof fn !== 'function') continue;
    view[name] = (...args: unknown[]) => {
      try {
        return Promise.resolve(fn.apply(store, args));
      } catch (e) {
        return Promise.reject(e);
      }
    };
  }
  return view as Async<T>;
}
