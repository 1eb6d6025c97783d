// The worker's side of its channel: Electron's utilityProcess (process.parentPort, messages in
// `event.data`) and child_process.fork (process.send) look the same to the worker code, and a
// worker started by hand, without a parent, says so.
import { describe, expect, it } from 'vitest';
import { connectToParent } from '../../src/main/worker/worker-port.child';
import type { WorkerRequest } from '../../src/main/worker/protocol';

const proc = process as unknown as { parentPort?: unknown; send?: unknown };

/** Runs `fn` with the process's channel replaced, restored before the test runner needs it again. */
function withChannel<T>(channel: { parentPort?: unknown; send?: unknown }, fn: () => T): T {
  const sendBefore = proc.send;
  try {
    if ('parentPort' in channel) proc.parentPort = channel.parentPort;
    if ('send' in channel) proc.send = channel.send;
    return fn();
  } finally {
    delete proc.parentPort;
    proc.send = sendBefore;
  }
}

describe('worker port', () => {
  it('uses utilityProcess parentPort when there is one, unwrapping event.data', () => {
    const posted: unknown[] = [];
    const listeners: Array<(e: { data: unknown }) => void> = [];
    const parentPort = { postMessage: (m: unknown) => posted.push(m), on: (_e: string, cb: (e: { data: unknown }) => void) => listeners.push(cb) };
    const port = withChannel({ parentPort }, connectToParent);
    const got: WorkerRequest[] = [];
    port.onMessage((m) => got.push(m));
    listeners[0]!({ data: { type: 'health', id: 4 } });
    port.send({ type: 'ack', id: 4 });
    expect(got).toEqual([{ type: 'health', id: 4 }]);
    expect(posted).toEqual([{ type: 'ack', id: 4 }]);
  });

  it('uses process.send under child_process.fork', () => {
    const sent: unknown[] = [];
    withChannel({ send: (m: unknown) => sent.push(m) }, () => connectToParent().send({ type: 'log', level: 'info', message: 'maintenance worker ready' }));
    expect(sent).toEqual([{ type: 'log', level: 'info', message: 'maintenance worker ready' }]);
  });

  it('refuses to run without a parent channel', () => {
    expect(() => withChannel({ send: undefined }, connectToParent)).toThrow(/started by the lab app/);
  });
});
