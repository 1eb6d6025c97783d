// Push events (main → renderer over one IPC channel; SSE at /api/events in browser mode).
import type { ListEndpoint } from './records';

export const EVENT_CHANNEL = 'lab:event';

export type LabEvent =
  | { type: 'records-changed'; endpoint: ListEndpoint; ids?: number[] }
  | { type: 'import-batch-ready'; batchId: string };
