// Requests for a view that changes faster than the server answers (search as you type): only the
// newest view's answer is ever applied, and the server is not handed a queue of stale searches
// (aborting a fetch does not stop the server's work). While one request is in flight a newer view
// waits for it — the answer is usually moments away — but not beyond `patienceMs` from the
// request's start: a slow one is then aborted and the newest view is sent at once.

export interface LatestRequestHooks<V, R> {
  send: (view: V, signal: AbortSignal) => Promise<R>;
  /** The newest view's answer. */
  apply: (result: R) => void;
  /** The newest view's failure (an abandoned request's abort is not reported). */
  fail: (error: Error) => void;
}

export class LatestRequest<V, R> {
  private seq = 0;
  private inflight: { controller: AbortController; at: number } | null = null;
  private queued: { view: V; seq: number } | null = null;
  private patience: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly hooks: LatestRequestHooks<V, R>,
    private readonly patienceMs = 250,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asks for `view`; any answer for an earlier view is dropped from now on. */
  request(view: V): void {
    const seq = ++this.seq;
    if (!this.inflight) return this.start(view, seq);
    this.queued = { view, seq };
    clearTimeout(this.patience);
    this.patience = setTimeout(() => this.giveUp(), Math.max(0, this.patienceMs - (this.now() - this.inflight.at)));
  }

  /** True while `seq` is the newest request (for callers that do more with an answer). */
  isNewest(seq: number): boolean {
    return seq === this.seq;
  }

  /** Stops everything (the page unmounts). */
  dispose(): void {
    clearTimeout(this.patience);
    this.queued = null;
    this.seq++;
    this.inflight?.controller.abort();
    this.inflight = null;
  }

  private giveUp(): void {
    if (!this.queued) return;
    this.inflight?.controller.abort();
    this.inflight = null;
    this.next();
  }

  private next(): void {
    clearTimeout(this.patience);
    const q = this.queued;
    this.queued = null;
    if (q && q.seq === this.seq) this.start(q.view, q.seq);
  }

  private start(view: V, seq: number): void {
    const entry = { controller: new AbortController(), at: this.now() };
    this.inflight = entry;
    this.hooks.send(view, entry.controller.signal).then(
      (r) => this.done(entry, () => seq === this.seq && this.hooks.apply(r)),
      (e: Error) => this.done(entry, () => seq === this.seq && !entry.controller.signal.aborted && this.hooks.fail(e)),
    );
  }

  private done(entry: { controller: AbortController }, report: () => void): void {
    report();
    if (this.inflight !== entry) return;
    this.inflight = null;
    this.next();
  }
}
