// Push events (main → renderer over one IPC channel; SSE at /api/events in browser mode).
import type { ListEndpoint } from './records';

export const EVENT_CHANNEL = 'lab:event';

export type LabEvent =
  | { type: 'records-changed'; endpoint: ListEndpoint; ids?: number[] }
  | { type: 'import-batch-ready'; batchId: string }
  /** A controlled list or category changed (records were re-flagged). */
  | { type: 'controlled-changed' }
  /** A stocktake's progress or state changed (every window showing it refreshes). */
  | { type: 'stocktake-changed'; id: number; seen: number; expected: number; status: 'open' | 'closed' | 'cancelled' }
  /** App info changed while running (a notice was added, e.g. completion.db was replaced): read it again. */
  | { type: 'app-info-changed' };
