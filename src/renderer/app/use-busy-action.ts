// A button's async action with its busy flag (the spinner on the button, a disabled box): busy while
// the action runs, back to idle when it settles either way. A second start while it runs (a double
// click, Enter pressed twice) is dropped, so a form is never sent twice; a component that closed
// meanwhile (a dialog shut by its own success) is not updated after it unmounted.
import { useEffect, useRef, useState } from 'react';

/**
 * `[busy, run]`: `run(...args)` starts `action(...args)` unless it is already running. The action
 * handles its own errors (the message, the field errors); one it lets through still ends the busy
 * state and rejects `run`'s promise.
 */
export function useBusyAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>): [busy: boolean, run: (...args: A) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  // Read and written synchronously: state would let a second click in before the re-render.
  const running = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    // Set here, not at creation: StrictMode unmounts and mounts again, and the second mount counts.
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = async (...args: A): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action(...args);
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  };
  return [busy, run];
}
