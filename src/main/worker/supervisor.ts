// Supervises the maintenance worker process. The spawn function is injected: the Electron shell
// passes utilityProcess.fork, browser mode passes child_process.fork — the logic is the same.
// Waits for `spawn`, forwards the worker's log lines, restarts with back-off after an exit.
import type { Logger } from '../logging';
import type { WorkerRequest, WorkerResponse } from './protocol';

export interface WorkerHandle {
  onSpawn(cb: () => void): void;
  onExit(cb: (code: number | null) => void): void;
  onMessage(cb: (msg: WorkerResponse) => void): void;
  /** Sends a message; `onError` hears a failed send (the worker died meanwhile): never throws. */
  send(msg: WorkerRequest, onError?: (e: Error) => void): void;
  kill(): void;
}

export type WorkerState = 'starting' | 'running' | 'restarting' | 'stopped';

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const STABLE_MS = 60_000;

export class WorkerSupervisor {
  state: WorkerState = 'stopped';
  restarts = 0;
  lastHealthAt: string | null = null;
  private handle: WorkerHandle | null = null;
  private timer: NodeJS.Timeout | null = null;
  private spawnedAt = 0;
  private failures = 0;
  private stopping = false;
  private nextId = 1;
  private readonly pending = new Map<number, (msg: WorkerResponse) => void>();
  private readonly listeners = new Set<(msg: WorkerResponse) => void>();

  constructor(
    private readonly spawn: () => WorkerHandle,
    private readonly log: Logger,
    private readonly backoff: readonly number[] = BACKOFF_MS,
  ) {}

  start(): void {
    this.stopping = false;
    this.state = this.restarts ? 'restarting' : 'starting';
    const h = this.spawn();
    this.handle = h;
    h.onSpawn(() => {
      this.state = 'running';
      this.spawnedAt = Date.now();
      this.log.info({ worker: 'maintenance' }, 'maintenance worker started');
    });
    h.onMessage((msg) => {
      if (msg.type === 'log') {
        this.log[msg.level]({ worker: 'maintenance', ...(msg.data ?? {}) }, msg.message);
        return;
      }
      if ('id' in msg && msg.id !== undefined) {
        const resolve = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        resolve?.(msg);
      }
      for (const l of this.listeners) l(msg);
    });
    h.onExit((code) => {
      if (this.handle !== h) return;
      this.handle = null;
      for (const resolve of this.pending.values()) resolve({ type: 'error', message: 'worker exited' });
      this.pending.clear();
      if (this.stopping) {
        this.state = 'stopped';
        return;
      }
      if (Date.now() - this.spawnedAt > STABLE_MS) this.failures = 0;
      const delay = this.backoff[Math.min(this.failures, this.backoff.length - 1)]!;
      this.failures++;
      this.restarts++;
      this.state = 'restarting';
      this.log.warn({ worker: 'maintenance', code, delay }, 'maintenance worker exited; restarting');
      this.timer = setTimeout(() => this.start(), delay);
      this.timer.unref?.();
    });
  }

  /** Sends a request and resolves with the worker's reply (or an error after `timeoutMs`). */
  request(msg: WorkerRequest, timeoutMs = 5000): Promise<WorkerResponse> {
    const h = this.handle;
    if (!h) return Promise.resolve({ type: 'error', message: 'worker not running' });
    const id = this.nextId++;
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.pending.delete(id);
        resolve({ type: 'error', message: 'worker did not answer in time' });
      }, timeoutMs);
      this.pending.set(id, (m) => {
        clearTimeout(t);
        resolve(m);
      });
      h.send({ ...msg, id }, (e) => {
        const pending = this.pending.get(id);
        if (!pending) return;
        this.pending.delete(id);
        clearTimeout(t);
        resolve({ type: 'error', message: `worker unreachable: ${e.message}` });
      });
    });
  }

  async health(): Promise<boolean> {
    const r = await this.request({ type: 'health' }, 3000);
    if (r.type === 'health') this.lastHealthAt = new Date().toISOString();
    return r.type === 'health';
  }

  onMessage(listener: (msg: WorkerResponse) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.handle?.kill();
    if (!this.handle) this.state = 'stopped';
  }
}
