// Push events reach each receiver (an SSE stream, the app's windows) in the order they were
// emitted. An event for one person waits for the session lookup (SessionLookup: asynchronous), so
// every event after it waits its turn behind it: none overtakes another, and a person's unread
// counts never arrive newest first. With nothing waiting, a delivery that needs no lookup runs at once.

/**
 * Wraps `deliver` so that deliveries run one after another in call order. `deliver` answers a
 * promise when it has to wait (a lookup); a rejection goes to `onError`, as nobody awaits a push.
 */
export function inEmitOrder<E>(deliver: (event: E) => void | Promise<void>, onError: (err: unknown) => void): (event: E) => void {
  let tail: Promise<void> | null = null;
  const wait = (p: Promise<void>) => {
    const mine = p.catch(onError);
    tail = mine;
    void mine.then(() => {
      if (tail === mine) tail = null;
    });
  };
  return (event) => {
    if (tail) {
      wait(tail.then(() => deliver(event)));
      return;
    }
    const pending = deliver(event);
    if (pending) wait(pending);
  };
}
