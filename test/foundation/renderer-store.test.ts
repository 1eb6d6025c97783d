// The renderer's window-wide value store (src/renderer/app/store.ts): the session, the controlled
// lists and the scanned item are kept in it.
import { act } from 'react';
import { describe, expect, test } from 'vitest';
import { createStore } from '../../src/renderer/app/store';
import { mountHook } from '../support/render-hook';

/** Lets queued microtasks run (the store's "after the commit" check is one). */
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

describe('createStore', () => {
  test('set replaces the value and tells every subscriber still there; the same value tells nobody', () => {
    const store = createStore({ n: 0 });
    const seen: string[] = [];
    const offA = store.subscribe(() => seen.push(`a${store.get().n}`));
    store.subscribe(() => seen.push(`b${store.get().n}`));
    const one = { n: 1 };
    store.set(one);
    expect(store.get()).toBe(one);
    expect(seen).toEqual(['a1', 'b1']);
    store.set(one);
    expect(seen).toEqual(['a1', 'b1']);
    offA();
    store.set({ n: 2 });
    expect(seen).toEqual(['a1', 'b1', 'b2']);
  });

  test('use() renders the current value and again whenever it is set', async () => {
    const store = createStore('first');
    const hook = await mountHook(() => store.use());
    expect(hook.current).toBe('first');
    await act(async () => store.set('second'));
    expect(hook.current).toBe('second');
    await hook.unmount();
    store.set('third'); // nobody is told: the component is gone
    expect(hook.current).toBe('second');
  });

  test('start runs for the first subscriber; its stop runs once the last has left, not on a swap within one commit', async () => {
    const log: string[] = [];
    const store = createStore(0, {
      start: () => {
        log.push('start');
        return () => log.push('stop');
      },
    });
    const offA = store.subscribe(() => undefined);
    const offB = store.subscribe(() => undefined);
    expect(log).toEqual(['start']);
    // A list's new page: the old rows leave and the new rows arrive in the same commit.
    offA();
    offB();
    const offC = store.subscribe(() => undefined);
    await settle();
    expect(log).toEqual(['start']);
    offC();
    expect(log).toEqual(['start']); // checked after the commit, not at once
    await settle();
    expect(log).toEqual(['start', 'stop']);
    // and a later subscriber starts it again
    const offD = store.subscribe(() => undefined);
    expect(log).toEqual(['start', 'stop', 'start']);
    offD();
    await settle();
    expect(log).toEqual(['start', 'stop', 'start', 'stop']);
  });

  test('a component using it starts it on mount and stops it on unmount', async () => {
    const log: string[] = [];
    const store = createStore('v', { start: () => (log.push('start'), () => log.push('stop')) });
    const hook = await mountHook(() => store.use(), { strict: true });
    expect(hook.current).toBe('v');
    await settle();
    expect(log).toEqual(['start']); // StrictMode's extra unmount and mount do not stop it
    await hook.unmount();
    await settle();
    expect(log).toEqual(['start', 'stop']);
  });
});
