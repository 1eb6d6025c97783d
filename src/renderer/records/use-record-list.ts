// List state of one records page: search text/field, status filter, sort, page; loads through
// the list operation, and reloads live when a records-changed event names this endpoint.
// Search as you type asks on every change, with no debounce: only the newest view's answer is
// applied, and a change while a request is in flight waits for it briefly instead of queueing
// stale searches on the server (latest-request.ts). Rows render as a transition, which typing
// interrupts; the spinner shows only for a slow answer.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call, subscribeEvents } from '../api/client';
import type { ListResult, ListEndpoint } from '../../shared/records';
import { dropPrefetchedList, INITIAL_VIEWS, peekPrefetchedList, type ListOp, type ListView } from './list-prefetch';
import { LatestRequest } from './latest-request';

export type { ListOp, ListView };

/** A quicker answer replaces the rows without a spinner (it would only flash). */
export const SPIN_DELAY_MS = 300;

/**
 * The view a link asks for (`?status=…`, `?alert=…`, e.g. from the home screen's cards), else the
 * opening view. An alert names its own items (any status it counts), so it starts from every status.
 */
function viewFromUrl(params: URLSearchParams, opening: ListView): ListView {
  const status = params.get('status') ?? '';
  const alert = params.get('alert') ?? '';
  if (!status && !alert) return opening;
  return { ...opening, status, ...(alert ? { alert } : {}) };
}

/** The cursor that reads `v` from the page on screen, when `v` is its next or previous page. */
function neighbourCursor(shown: { view: ListView; result: ListResult<unknown> } | null, v: ListView): { after?: string; before?: string } {
  if (!shown) return {};
  const { page: was, ...rest } = shown.view;
  const { page, ...wanted } = v;
  if (JSON.stringify(rest) !== JSON.stringify(wanted)) return {};
  if (page === was + 1 && shown.result.after) return { after: shown.result.after };
  if (page === was - 1 && shown.result.before) return { before: shown.result.before };
  return {};
}

/** The view on screen, and the filter a link sets (`?status=…`, `?alert=…`) when followed while the screen is open (or Back). */
function useLinkedView(opening: ListView) {
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<ListView>(() => viewFromUrl(params, opening));
  const linked = params.toString();
  const firstLink = useRef(linked);
  useEffect(() => {
    if (linked === firstLink.current) return;
    firstLink.current = linked;
    setView(viewFromUrl(new URLSearchParams(linked), opening));
  }, [linked, opening]);
  return { view, setView, params, setParams, firstLink };
}

/**
 * The answers to `view`: only the newest view's is applied, the first page may come prefetched,
 * and a records-changed event naming `endpoint` loads the view again. `submitted` marks the next
 * request as a submitted search.
 */
function useListAnswers<T>(op: ListOp, endpoint: ListEndpoint, opening: ListView, view: ListView) {
  // The first page asked for while the screen's code arrived: its rows are in the first render.
  const [prefetched] = useState(() => peekPrefetchedList(op) as { value?: ListResult<T>; result: Promise<ListResult<T>> } | undefined);
  const [data, setData] = useState<ListResult<T>>(prefetched?.value ?? { rows: [], total: 0, page: 1, pageSize: 20 });
  // The view the rows on screen answer (what an empty answer names), set with them: typing ahead
  // does not re-render the table.
  const [answered, setAnswered] = useState<ListView>(opening);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitted = useRef(false);
  const spin = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The first load of the opening view takes the prefetched answer instead of asking again.
  const early = useRef(prefetched);

  // The answer on screen and the view it answers: stepping to the page next to it sends that
  // page's keyset cursor, so the server seeks instead of skipping rows (deep pages stay cheap).
  const shown = useRef<{ view: ListView; result: ListResult<T> } | null>(prefetched?.value ? { view: opening, result: prefetched.value } : null);
  const [requests] = useState(() => {
    const viewOf = new WeakMap<ListResult<T>, ListView>();
    return new LatestRequest<ListView, ListResult<T>>({
        send: (v, signal) => {
          const wasSubmitted = submitted.current;
          submitted.current = false;
          const pre = v === opening ? early.current : undefined;
          early.current = undefined;
          const asked = pre?.result ?? (call(op, { ...v, ...neighbourCursor(shown.current, v), ...(wasSubmitted ? { submitted: true } : {}) }, { signal }) as Promise<ListResult<T>>);
          return asked.then((res) => (viewOf.set(res, v), res));
        },
        apply: (res) => {
          const v = viewOf.get(res);
          shown.current = v ? { view: v, result: res } : null;
          clearTimeout(spin.current);
          startTransition(() => {
            setData(res);
            if (v) setAnswered(v);
            setError(null);
            setLoading(false);
          });
        },
        fail: (e) => {
          clearTimeout(spin.current);
          setError(e.message);
          setLoading(false);
        },
      });
  });

  const load = useCallback(
    (v: ListView) => {
      dropPrefetchedList(op);
      if (v === opening && early.current?.value) {
        early.current = undefined;
        return;
      }
      clearTimeout(spin.current);
      spin.current = setTimeout(() => setLoading(true), SPIN_DELAY_MS);
      requests.request(v);
    },
    [op, requests, opening],
  );

  useEffect(() => load(view), [load, view]);
  useEffect(
    () => () => {
      clearTimeout(spin.current);
      requests.dispose();
    },
    [requests],
  );

  // Live refresh: another window, the import or the cart-import screen changed this list.
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeEvents((e) => {
      if (e.type !== 'records-changed' || e.endpoint !== endpoint) return;
      clearTimeout(timer);
      timer = setTimeout(() => void load(viewRef.current), 150);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [endpoint, load]);

  const reload = useCallback(() => load(viewRef.current), [load]);
  return { data, answered, loading, error, submitted, reload };
}

export function useRecordList<T>(op: ListOp, endpoint: ListEndpoint) {
  const opening = INITIAL_VIEWS[op];
  const { view, setView, params, setParams, firstLink } = useLinkedView(opening);
  const [text, setTextState] = useState('');
  const { data, answered, loading, error, submitted, reload } = useListAnswers<T>(op, endpoint, opening, view);

  // Typing searches as you go; only Enter / the button counts as a submitted search.
  const setText = useCallback((next: string) => {
    setTextState(next);
    setView((v) => (v.search === next ? v : { ...v, search: next, page: 1 }));
  }, []);
  const submitSearch = useCallback((search: string) => {
    submitted.current = true;
    setView((v) => ({ ...v, search, page: 1 }));
  }, []);
  const setField = useCallback((field: string) => setView((v) => ({ ...v, field, page: 1 })), []);
  const setStatus = useCallback((status: string) => setView((v) => ({ ...v, status, page: 1 })), []);
  const setSort = useCallback((sort: string) => setView((v) => ({ ...v, sort, page: 1 })), []);
  const setLocation = useCallback((location_id: number | undefined) => setView((v) => (v.location_id === location_id ? v : { ...v, location_id, page: 1 })), []);
  const setControlled = useCallback((controlled: boolean) => setView(({ controlled: _was, ...v }) => ({ ...v, ...(controlled ? { controlled } : {}), page: 1 })), []);
  const setPage = useCallback((page: number, pageSize: number) => setView((v) => ({ ...v, page, pageSize })), []);
  const clearAlert = useCallback(() => setParams((p) => {
        const next = new URLSearchParams(p);
        next.delete('alert');
        return next;
      }), [setParams]);
  // The empty answer's button: back to the opening view (the sort and page size stay). The
  // filters a link set leave the address too, marked as seen so it does not set the view again.
  const clearAll = useCallback(() => {
    setTextState('');
    setView((v) => ({ ...opening, sort: v.sort, pageSize: v.pageSize }));
    if (params.has('alert') || params.has('status')) {
      const next = new URLSearchParams(params);
      next.delete('alert');
      next.delete('status');
      firstLink.current = next.toString();
      setParams(next);
    }
  }, [params, setParams]);

  return { view, opening, answered, data, loading, error, text, setText, reload, submitSearch, setField, setStatus, setSort, setPage, clearAlert, clearAll, setLocation, setControlled };
}
