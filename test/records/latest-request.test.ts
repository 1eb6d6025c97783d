// Search as you type against a server that answers slower than the user types: only the newest
// view's answer is applied; the server gets at most one request at a time while the one in flight
// is young; a request that hangs is given up after the patience and the newest view sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestRequest } from '../../src/renderer/records/latest-request';

interface Pending {
  view: string;
  signal: AbortSignal;
  resolve: (r: string) => void;
  reject: (e: Error) => void;
}

function harness(patienceMs = 250) {
  const sent: Pending[] = [];
  const applied: string[] = [];
  const failed: string[] = [];
  const lr = new LatestRequest<string, string>(
    {
      send: (view, signal) => new Promise((resolve, reject) => sent.push({ view, signal, resolve, reject })),
      apply: (r) => applied.push(r),
      fail: (e) => failed.push(e.message),
    },
    patienceMs,
    () => Date.now(),
  );
  return { lr, sent, applied, failed };
}
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('LatestRequest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('typing while a request is in flight sends only the newest term after it, and applies only that answer', async () => {
    const { lr, sent, applied } = harness();
    lr.request('a');
    lr.request('ac');
    lr.request('aci');
    lr.request('acid');
    expect(sent.map((s) => s.view)).toEqual(['a']);
    sent[0]!.resolve('rows of a');
    await settle();
    expect(sent.map((s) => s.view)).toEqual(['a', 'acid']);
    expect(applied).toEqual([]);
    sent[1]!.resolve('rows of acid');
    await settle();
    expect(applied).toEqual(['rows of acid']);
  });

  it('a late answer for an earlier term never replaces the newest one', async () => {
    const { lr, sent, applied } = harness();
    lr.request('ace');
    lr.request('xan');
    await vi.advanceTimersByTimeAsync(250);
    expect(sent.map((s) => s.view)).toEqual(['ace', 'xan']);
    expect(sent[0]!.signal.aborted).toBe(true);
    sent[1]!.resolve('rows of xan');
    await settle();
    sent[0]!.resolve('rows of ace');
    await settle();
    expect(applied).toEqual(['rows of xan']);
  });

  it('a hanging request is given up after the patience and the newest term is sent; its abort is not an error', async () => {
    const { lr, sent, applied, failed } = harness(250);
    lr.request('slow');
    await vi.advanceTimersByTimeAsync(100);
    lr.request('next');
    await vi.advanceTimersByTimeAsync(149);
    expect(sent.map((s) => s.view)).toEqual(['slow']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.view)).toEqual(['slow', 'next']);
    sent[0]!.reject(new Error('aborted'));
    sent[1]!.resolve('rows of next');
    await settle();
    expect(applied).toEqual(['rows of next']);
    expect(failed).toEqual([]);
  });

  it("the newest request's failure is reported; an older one's is not", async () => {
    const { lr, sent, failed } = harness();
    lr.request('a');
    sent[0]!.reject(new Error('server down'));
    await settle();
    expect(failed).toEqual(['server down']);
    lr.request('b');
    lr.request('c');
    sent[1]!.reject(new Error('old failure'));
    await settle();
    expect(failed).toEqual(['server down']);
    expect(sent.map((s) => s.view)).toEqual(['a', 'b', 'c']);
  });

  it('after dispose nothing is applied and the request in flight is aborted', async () => {
    const { lr, sent, applied } = harness();
    lr.request('a');
    lr.dispose();
    expect(sent[0]!.signal.aborted).toBe(true);
    sent[0]!.resolve('rows of a');
    await settle();
    expect(applied).toEqual([]);
  });
});
