// Push events (main → renderer over one IPC channel; SSE at /api/events in browser mode).
export const EVENT_CHANNEL = 'lab:event';

export type LabEvent =
  | { type: 'records-changed'; endpoint: '/inventory/' | '/reagent-orders/' | '/consumable-orders/'; ids?: number[] }
  | { type: 'import-batch-ready'; batchId: string };
