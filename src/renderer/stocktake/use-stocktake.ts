// Stocktakes as the screens use them, live: the list and one stocktake reload when a
// `stocktake-changed` event arrives (a scan in another window or by another person), and the
// progress shown takes the event's numbers at once. No polling.
import { useCallback, useEffect, useState } from 'react';
import { call, subscribeEvents } from '../api/client';
import type { StocktakeDetail } from '../../shared/stocktake';

const RELOAD_AFTER_MS = 120;

/** Runs `load` now and again shortly after each event `wanted` accepts (bursts of scans load once). */
function useLiveLoad(load: () => Promise<void>, wanted: (e: Parameters<Parameters<typeof subscribeEvents>[0]>[0]) => boolean) {
  useEffect(() => {
    void load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeEvents((e) => {
      if (!wanted(e)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void load(), RELOAD_AFTER_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [load, wanted]);
}

const anyStocktake = (e: { type: string }) => e.type === 'stocktake-changed';

/** The value `fetch` returns, with the last error's message (cleared by the next success). */
function useFetched<T>(fetch: () => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setValue(await fetch());
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [fetch]);
  return { value, setValue, error, load };
}

const fetchStocktakes = () => call('listStocktakes', {});

export function useStocktakes() {
  const { value: list, error, load } = useFetched(fetchStocktakes);
  useLiveLoad(load, anyStocktake);
  return { list, error, reload: load };
}

export function useStocktake(id: number) {
  const fetchDetail = useCallback(() => call('getStocktake', { id }), [id]);
  const { value: detail, setValue: setDetail, error, load } = useFetched<StocktakeDetail>(fetchDetail);
  // This stocktake's progress, and item changes (an item used or moved meanwhile shows as moved).
  const wanted = useCallback(
    (e: Parameters<Parameters<typeof subscribeEvents>[0]>[0]) => {
      if (e.type === 'stocktake-changed' && e.id === id) {
        setDetail((d) => (d ? { ...d, seen: e.seen, expected: e.expected, status: e.status } : d));
        return true;
      }
      return e.type === 'records-changed' && e.endpoint === '/inventory/';
    },
    [id],
  );
  useLiveLoad(load, wanted);
  return { detail, error, reload: load };
}
