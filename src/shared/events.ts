// Push events (main → renderer over one IPC channel; SSE at /api/events in browser mode).
import type { ListEndpoint } from './records';

export const EVENT_CHANNEL = 'lab:event';

export type LabEvent =
  | { type: 'records-changed'; endpoint: ListEndpoint; ids?: number[] }
  | { type: 'import-batch-ready'; batchId: string }
  /** A controlled list or category changed (records were re-flagged). */
  | { type: 'controlled-changed' }
  /** A reference list switched to another edition (or a restore brought other editions): lookups answer anew. */
  | { type: 'reference-changed' }
  /** A stocktake's progress or state changed (every window showing it refreshes). */
  | { type: 'stocktake-changed'; id: number; seen: number; expected: number; status: 'open' | 'closed' | 'cancelled' }
  /** App info changed while running (a notice was added, e.g. completion.db was replaced): read it again. */
  | { type: 'app-info-changed' }
  /** One person's notifications changed (a new one, or read in another window): for `userId` only. */
  | { type: 'notifications-changed'; userId: number; unread: number };

/**
 * The one person an event is for (their windows and streams only), or null for an event every
 * window may see. The transports check it against the session of each window or stream when the
 * event is sent, so a stream whose session ended gets nothing more for its person.
 */
export function eventRecipient(event: LabEvent): number | null {
  return event.type === 'notifications-changed' ? event.userId : null;
}
