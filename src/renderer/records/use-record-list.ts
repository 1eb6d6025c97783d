// List state of one records page: search text/field, status filter, sort, page; loads through
// the list operation, and reloads live when a records-changed event names this endpoint.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, subscribeEvents } from '../api/client';
import type { ListResult, ListEndpoint } from '../../shared/records';

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

export function useRecordList<T>(op: ListOp, endpoint: ListEndpoint) {
  const [view, setView] = useState<ListView>({ search: '', field: 'all', status: '', sort: '', page: 1, pageSize: 20 });
  const [text, setText] = useState('');
  const [data, setData] = useState<ListResult<T>>({ rows: [], total: 0, page: 1, pageSize: 20 });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const submitted = useRef(false);

  const load = useCallback(
    async (v: ListView) => {
      const mine = ++seq.current;
      setLoading(true);
      const wasSubmitted = submitted.current;
      submitted.current = false;
      try {
        const res = (await call(op, { ...v, ...(wasSubmitted ? { submitted: true } : {}) })) as ListResult<T>;
        if (mine === seq.current) {
          setData(res);
          setError(null);
        }
      } catch (e) {
        if (mine === seq.current) setError((e as Error).message);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [op],
  );

  useEffect(() => void load(view), [load, view]);

  // Typing searches as you go (debounced); only Enter / the button counts as a submitted search.
  useEffect(() => {
    const timer = setTimeout(() => setView((v) => (v.search === text ? v : { ...v, search: text, page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [text]);

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

  return {
    view,
    data,
    loading,
    error,
    text,
    setText,
    reload: () => load(viewRef.current),
    submitSearch: (search: string) => {
      submitted.current = true;
      setView((v) => ({ ...v, search, page: 1 }));
    },
    setField: (field: string) => setView((v) => ({ ...v, field, page: 1 })),
    setStatus: (status: string) => setView((v) => ({ ...v, status, page: 1 })),
    setSort: (sort: string) => setView((v) => ({ ...v, sort, page: 1 })),
    setPage: (page: number, pageSize: number) => setView((v) => ({ ...v, page, pageSize })),
  };
}
