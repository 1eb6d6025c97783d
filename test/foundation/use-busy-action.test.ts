// The renderer's busy flag for a button's async action (src/renderer/app/use-busy-action.ts).
import { act } from 'react';
import { describe, expect, test } from 'vitest';
import { useBusyAction } from '../../src/renderer/app/use-busy-action';
import { deferred, mountHook, type Deferred } from '../support/render-hook';

/** A hook whose action waits for the test, counting its starts. */
async function mountAction(opts: { strict?: boolean } = {}) {
  const gates: Deferred<void>[] = [];
  const args: string[] = [];
  const hook = await mountHook(
    () =>
      useBusyAction(async (arg: string) => {
        args.push(arg);
        const gate = deferred();
        gates.push(gate);
        await gate.promise;
      }),
    opts,
  );
  /** Starts the action; answers run's promise in a box (awaiting the box must not await the run). */
  const start = async (arg = 'a') => {
    let run!: Promise<void>;
    await act(async () => void (run = hook.current[1](arg)));
    return { run };
  };
  return { hook, gates, args, start, busy: () => hook.current[0] };
}

describe('useBusyAction', () => {
  test('is busy while the action runs and idle once it is done; the action gets run’s arguments', async () => {
    const { gates, args, start, busy } = await mountAction();
    expect(busy()).toBe(false);
    const { run: done } = await start('first');
    expect(busy()).toBe(true);
    expect(args).toEqual(['first']);
    await act(async () => (gates[0]!.resolve(), await done));
    expect(busy()).toBe(false);
  });

  test('a second start while it runs is dropped; after it ends a new one runs', async () => {
    const { gates, args, start, busy } = await mountAction();
    const { run: first } = await start('first');
    const { run: second } = await start('second');
    expect(args).toEqual(['first']);
    await second; // the dropped start settles at once, the first still runs
    expect(busy()).toBe(true);
    await act(async () => (gates[0]!.resolve(), await first));
    const { run: third } = await start('third');
    expect(args).toEqual(['first', 'third']);
    await act(async () => (gates[1]!.resolve(), await third));
    expect(busy()).toBe(false);
  });

  test('an error the action lets through ends the busy state and rejects run', async () => {
    const { gates, args, start, busy } = await mountAction();
    const { run: failing } = await start('failing');
    const failed = failing.then(() => 'resolved', (e: Error) => e.message);
    await act(async () => (gates[0]!.reject(new Error('boom')), await failed));
    expect(await failed).toBe('boom');
    expect(busy()).toBe(false);
    // and it can run again
    const { run: again } = await start('again');
    expect(args).toEqual(['failing', 'again']);
    await act(async () => (gates[1]!.resolve(), await again));
    expect(busy()).toBe(false);
  });

  test('under StrictMode (mounted, unmounted, mounted again, as the app renders) it still goes back to idle', async () => {
    const { gates, start, busy } = await mountAction({ strict: true });
    const { run: done } = await start();
    expect(busy()).toBe(true);
    await act(async () => (gates[0]!.resolve(), await done));
    expect(busy()).toBe(false);
  });

});
