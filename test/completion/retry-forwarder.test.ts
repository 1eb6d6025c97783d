// Completion writes that failed inside a request go to the worker's retry list. While the worker
// is down they wait in the main process and are re-sent once it is back; one stale marker per
// endpoint is enough; a full list drops its oldest search-memory update, never a stale marker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetryForwarder } from '../../src/main/completion/retry-forwarder';
import type { RetryItem } from '../../src/main/completion/maintenance.child';
import { WorkerSupervisor, type WorkerHandle } from '../../src/main/worker/supervisor';
import type { WorkerRequest, WorkerResponse } from '../../src/main/worker/protocol';
import type { Logger } from '../../src/main/logging';

/** An in-process worker that acknowledges retry requests (or not, while `answering` is off). */
function fakeWorker() {
  const received: RetryItem[] = [];
  const state = { answering: true };
  const spawn = (): WorkerHandle => {
    let onMessage: (m: WorkerResponse) => void = () => {};
    return {
      onSpawn: (cb) => queueMicrotask(cb),
      onExit: () => {},
      onMessage: (cb) => (onMessage = cb),
      send: (msg: WorkerRequest) => {
        if (msg.type !== 'retry' || !state.answering) return;
        received.push(msg.item);
        queueMicrotask(() => onMessage({ type: 'ack', id: msg.id }));
      },
      kill: () => {},
    };
  };
  return { received, state, spawn };
}

const stale = (endpoint: '/inventory/' | '/reagent-orders/' | '/consumable-orders/'): RetryItem => ({ kind: 'stale', endpoint });
const memory = (q: string): RetryItem => ({ kind: 'memory', op: { q } as never });

let warnings: string[] = [];
const log = { warn: (_d: unknown, m: string) => void warnings.push(m), info: () => {}, error: () => {} } as unknown as Logger;

beforeEach(() => {
  warnings = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('retry forwarder', () => {
  it('sends at once when the worker runs', async () => {
    const w = fakeWorker();
    const sup = new WorkerSupervisor(w.spawn, log);
    sup.start();
    const forward = createRetryForwarder(() => sup, log);
    forward(stale('/inventory/'));
    forward(memory('ethanol'));
    await vi.advanceTimersByTimeAsync(10);
    expect(w.received).toEqual([stale('/inventory/'), memory('ethanol')]);
  });

  it('keeps items while there is no worker and re-sends them, in order, once it is there', async () => {
    const w = fakeWorker();
    let sup: WorkerSupervisor | null = null;
    const forward = createRetryForwarder(() => sup, log);
    forward(memory('a'));
    forward(stale('/inventory/'));
    forward(stale('/inventory/')); // one marker per endpoint is enough
    forward(stale('/reagent-orders/'));
    await vi.advanceTimersByTimeAsync(3500);
    expect(w.received).toEqual([]);
    sup = new WorkerSupervisor(w.spawn, log);
    sup.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(w.received).toEqual([memory('a'), stale('/inventory/'), stale('/reagent-orders/')]);
  });

  it('a worker that does not answer keeps the item for the next round', async () => {
    const w = fakeWorker();
    const sup = new WorkerSupervisor(w.spawn, log);
    sup.start();
    w.state.answering = false;
    const forward = createRetryForwarder(() => sup, log);
    forward(stale('/consumable-orders/'));
    await vi.advanceTimersByTimeAsync(2500); // the request times out
    w.state.answering = true;
    await vi.advanceTimersByTimeAsync(3500);
    expect(w.received).toEqual([stale('/consumable-orders/')]);
  });

  it('a full list drops the oldest memory updates, never a stale marker', async () => {
    const w = fakeWorker();
    let sup: WorkerSupervisor | null = null;
    const forward = createRetryForwarder(() => sup, log);
    forward(stale('/inventory/'));
    for (let i = 0; i < 999; i++) forward(memory(`q${i}`));
    forward(memory('newest')); // the list is full: q0 makes room
    forward(stale('/reagent-orders/')); // q1 makes room
    sup = new WorkerSupervisor(w.spawn, log);
    sup.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(w.received).toHaveLength(1000);
    expect(w.received.slice(0, 2)).toEqual([stale('/inventory/'), memory('q2')]);
    expect(w.received.slice(-2)).toEqual([memory('newest'), stale('/reagent-orders/')]);
    expect(warnings).toEqual([]);
  });
});
