// The first page of a list, requested while the session is still being verified and the screen's
// code is still arriving (when the last signed-in user is known), so the screen's first render
// already has its rows instead of rendering an empty table and then again. Small and free of
// screen code: it sits in the entry chunk. A 401 here changes nothing: the session store acts on
// one only once authenticated, and /users/me decides what is shown.
import { call } from '../api/client';
import { getSession, lastUserSnapshot } from '../session/session-store';
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
  /** Inventory only: the items of one home-screen alert (expired, expiring, below_min, overdue). */
  alert?: string;
  /** Inventory only: items at this node of the location tree and below. */
  location_id?: number;
  /** Inventory only: controlled chemicals only. */
  controlled?: boolean;
}

const OPENING: ListView = { search: '', field: 'all', status: '', sort: '', page: 1, pageSize: 20 };

/**
 * What a list screen shows when opened (one object per list: a view is the opening one when it is
 * this object). The inventory opens on what is in the lab, in stock or borrowed; used-up and
 * disposed items are a status filter away.
 */
export const INITIAL_VIEWS: Readonly<Record<ListOp, ListView>> = {
  listInventory: { ...OPENING, status: 'present' },
  listReagentOrders: OPENING,
  listConsumableOrders: OPENING,
};

/** A prefetched answer is used once and only soon after: a later visit asks again. */
const FRESH_MS = 5000;

interface Prefetch {
  at: number;
  /** The user the answer is for (the last signed-in one): another user never gets it. */
  userId: number;
  result: Promise<ListResult<unknown>>;
  /** Set once answered. */
  value?: ListResult<unknown>;
}
const pending = new Map<ListOp, Prefetch>();

/** Settles when answered (or at once when there is no last user to ask for). */
export function prefetchList(op: ListOp): Promise<unknown> {
  const userId = (lastUserSnapshot() as { id?: number } | null)?.id;
  if (userId === undefined) return Promise.resolve();
  const entry: Prefetch = { at: Date.now(), userId, result: call(op, INITIAL_VIEWS[op]) as Promise<ListResult<unknown>> };
  entry.result.then(
    (v) => (entry.value = v),
    () => pending.get(op) === entry && pending.delete(op),
  );
  pending.set(op, entry);
  return entry.result.catch(() => undefined);
}

/**
 * The prefetched first page of `op` for the signed-in user, if fresh: the answer itself once it
 * has come, else the pending request. Left in place (a render React throws away and repeats must
 * find it again) until the screen's first load drops it.
 */
export function peekPrefetchedList(op: ListOp): { value?: ListResult<unknown>; result: Promise<ListResult<unknown>> } | undefined {
  const hit = pending.get(op);
  if (!hit || Date.now() - hit.at >= FRESH_MS || getSession().user?.id !== hit.userId) return undefined;
  return hit;
}

/** Used (or not wanted): a later visit asks again. */
export function dropPrefetchedList(op: ListOp): void {
  pending.delete(op);
}

/**
 * The window left the screen it opened at. A first page its code never came to show is older than
 * whatever the user did since (a stock-in elsewhere, say), so the next visit must ask again.
 */
export function dropPrefetchedLists(): void {
  pending.clear();
}
