// The first page of a list, requested as soon as the session is known (while the screen's code
// is still arriving), so the screen's first render already has its rows instead of rendering an
// empty table and then again. Small and free of screen code: it sits in the entry chunk.
import { call } from '../api/client';
import type { ListResult } from '../../shared/records';

export type ListOp = 'listInventory' | 'listReagentOrders' | 'listConsumableOrders';

export interface ListView {
  search: string;
  field: string;
  status: string;
  /** `col` / `-col`, or empty: no column picked (search hits by relevance, else newest first). */
  sort: string;
  page: number;
  pageSize: number;
}

/** What a list screen shows when opened. */
export const INITIAL_VIEW: ListView = { search: '', field: 'all', status: '', sort: '', page: 1, pageSize: 20 };

/** A prefetched answer is used once and only soon after: a later visit asks again. */
const FRESH_MS = 5000;
const pending = new Map<ListOp, { at: number; result: Promise<ListResult<unknown>> }>();

export function prefetchList(op: ListOp): void {
  const result = call(op, INITIAL_VIEW) as Promise<ListResult<unknown>>;
  result.catch(() => undefined);
  pending.set(op, { at: Date.now(), result });
}

/** The prefetched first page of `op` (taken: a second call gets nothing), if fresh. */
export function takePrefetchedList(op: ListOp): Promise<ListResult<unknown>> | undefined {
  const hit = pending.get(op);
  pending.delete(op);
  return hit && Date.now() - hit.at < FRESH_MS ? hit.result : undefined;
}
