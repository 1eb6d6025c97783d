// Hands completion writes that failed inside a request to the maintenance worker's retry list.
// Items wait here while the worker is down or restarting and are re-sent every few seconds.
import type { Logger } from '../logging';
import type { WorkerSupervisor } from '../worker/supervisor';
import type { RetryItem } from './maintenance.child';

const RESEND_MS = 3000;
/** Bound on what waits here for a missing worker; stale markers are kept first, memory ops dropped. */
const MAX_PENDING = 1000;

export function createRetryForwarder(worker: () => WorkerSupervisor | null, log: Logger): (item: RetryItem) => void {
  const pending: RetryItem[] = [];
  let timer: NodeJS.Timeout | null = null;
  let sending = false;

  const schedule = () => {
    if (timer || !pending.length) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, RESEND_MS);
    timer.unref?.();
  };

  const flush = async () => {
    if (sending) return;
    sending = true;
    try {
      while (pending.length) {
        const w = worker();
        const r = w ? await w.request({ type: 'retry', item: pending[0]! }, 2000) : null;
        if (r?.type !== 'ack') break;
        pending.shift();
      }
    } finally {
      sending = false;
      schedule();
    }
  };

  return (item) => {
    if (item.kind === 'stale' && pending.some((p) => p.kind === 'stale' && p.endpoint === item.endpoint)) return;
    if (pending.length >= MAX_PENDING) {
      const i = pending.findIndex((p) => p.kind === 'memory');
      if (i < 0 && item.kind === 'memory') return void log.warn({}, 'completion retry list full; search memory update dropped');
      if (i >= 0) pending.splice(i, 1);
    }
    pending.push(item);
    void flush();
  };
}
