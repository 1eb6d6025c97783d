// Runs a React hook in Node for a unit test: a linkedom document stands in for the page (the
// renderer's hooks need a DOM only to mount into), React's own act() flushes renders and effects.
import { parseHTML } from 'linkedom';
import { act, createElement, StrictMode } from 'react';

export interface MountedHook<R> {
  /** The hook's answer at the latest render. */
  readonly current: R;
  /** How many times the component rendered. */
  readonly renders: number;
  unmount(): Promise<void>;
}

export async function mountHook<R>(hook: () => R, opts: { strict?: boolean } = {}): Promise<MountedHook<R>> {
  if (typeof document === 'undefined') {
    const { window, document } = parseHTML('<!doctype html><html><body></body></html>');
    Object.assign(globalThis, { window, document, IS_REACT_ACT_ENVIRONMENT: true });
  }
  // Imported only now: react-dom decides at load whether it has a DOM.
  const { createRoot } = await import('react-dom/client');
  const host = document.createElement('div');
  document.body.appendChild(host);
  const state = { current: undefined as R, renders: 0 };
  function Probe() {
    state.current = hook();
    state.renders++;
    return null;
  }
  const root = createRoot(host);
  const probe = createElement(Probe);
  await act(async () => root.render(opts.strict ? createElement(StrictMode, null, probe) : probe));
  return {
    get current() {
      return state.current;
    },
    get renders() {
      return state.renders;
    },
    unmount: () => act(async () => root.unmount()),
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/** A promise settled by the test, to hold an action mid-way. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
