// The batch the review screen shows: read from the main process at once, else waited for (the
// import-batch-ready push, with a few retries when the extension said one is on its way); and the
// user's unsubmitted edits of its items, kept per batch so a reload keeps them.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { ImportBatchView } from '../../shared/contract';
import { call, subscribeEvents } from '../api/client';
import { draftStorageKey, initialDraft, type ItemDraft } from './drafts';

/** Page-side retry rounds while no batch is there yet (the spec says "several"). */
const WAIT_ROUNDS = 6;
const WAIT_INTERVAL_MS = 1000;

export type LoadState = { kind: 'loading' } | { kind: 'waiting' } | { kind: 'none' } | { kind: 'ready'; view: ImportBatchView };

function loadDrafts(view: ImportBatchView): Record<string, ItemDraft> {
  let saved: Record<string, ItemDraft> = {};
  try {
    saved = JSON.parse(localStorage.getItem(draftStorageKey(view.batch.batch_id)) ?? '{}') as Record<string, ItemDraft>;
  } catch {
    saved = {};
  }
  return Object.fromEntries(view.batch.items.map((i) => [i.item_id, saved[i.item_id] ?? initialDraft(i)]));
}

/** Loads the batch (the wanted one, or after the retries whichever is there); returns the cleanup. */
function followBatch(wanted: string | null, applyView: (view: ImportBatchView) => void, setState: Dispatch<SetStateAction<LoadState>>): () => void {
  let cancelled = false;
  let rounds = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const attempt = async (): Promise<boolean> => {
    const view = await call('getImportBatch', {}).catch(() => null);
    if (cancelled) return true;
    if (view && (!wanted || view.batch.batch_id === wanted || rounds >= WAIT_ROUNDS)) {
      if (timer) clearInterval(timer);
      applyView(view);
      return true;
    }
    return false;
  };
  const unsubscribe = subscribeEvents((e) => {
    if (e.type === 'import-batch-ready') void attempt();
  });
  void attempt().then((found) => {
    if (found || cancelled) return;
    // Opened from the menu: nothing is on its way, so say at once what to do (a batch handed
    // over later still arrives through the push). Opened by the extension with a batch id: it
    // is on its way, wait a few rounds.
    if (!wanted) {
      setState({ kind: 'none' });
      return;
    }
    setState({ kind: 'waiting' });
    timer = setInterval(() => {
      rounds++;
      void attempt().then((ok) => {
        if (!ok && rounds >= WAIT_ROUNDS && !cancelled) {
          if (timer) clearInterval(timer);
          setState((s) => (s.kind === 'ready' ? s : { kind: 'none' }));
        }
      });
    }, WAIT_INTERVAL_MS);
  });
  return () => {
    cancelled = true;
    if (timer) clearInterval(timer);
    unsubscribe();
  };
}

export function useImportBatch(wanted: string | null) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [drafts, setDrafts] = useState<Record<string, ItemDraft>>({});
  const draftsBatch = useRef<string | null>(null);
  const applyView = useCallback((view: ImportBatchView) => {
    setState({ kind: 'ready', view });
    if (draftsBatch.current !== view.batch.batch_id) {
      draftsBatch.current = view.batch.batch_id;
      setDrafts(loadDrafts(view));
    }
  }, []);

  useEffect(() => followBatch(wanted, applyView, setState), [wanted, applyView]);

  const view = state.kind === 'ready' ? state.view : null;
  const batchId = view?.batch.batch_id;
  // Unsubmitted edits are kept per batch (a reload of the screen keeps them).
  useEffect(() => {
    if (batchId && Object.keys(drafts).length) localStorage.setItem(draftStorageKey(batchId), JSON.stringify(drafts));
  }, [drafts, batchId]);

  return { state, setState, view, applyView, drafts, setDrafts };
}
