// What the lab already has for each item (cart-sync): asked once per batch and again when an
// item's CAS number changes; an English name it knows fills an empty one in the item's draft.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { App } from 'antd';
import type { CartSyncResult, ImportBatchView } from '../../shared/contract';
import { call } from '../api/client';
import { withEnglishName, type ItemDraft } from './drafts';

export type SyncQuery = { item_id: string; cas_number: string; product_number: string; brand: string };

export function useCartSync(view: ImportBatchView | null, setDrafts: Dispatch<SetStateAction<Record<string, ItemDraft>>>) {
  const { message } = App.useApp();
  const [sync, setSync] = useState<Record<string, CartSyncResult>>({});
  const [filled, setFilled] = useState<Record<string, boolean>>({});

  const runSync = useCallback(async (items: SyncQuery[]) => {
    try {
      const results = await call('cartSync', { items });
      setSync((prev) => ({ ...prev, ...Object.fromEntries(results.map((r) => [r.item_id, r])) }));
      setDrafts((prev) => {
        const next = { ...prev };
        const newlyFilled: Record<string, boolean> = {};
        for (const r of results) {
          const d = next[r.item_id];
          if (!d) continue;
          const after = withEnglishName(d, r.english_name);
          if (after !== d) newlyFilled[r.item_id] = true;
          next[r.item_id] = after;
        }
        setFilled((f) => ({ ...f, ...newlyFilled }));
        return next;
      });
    } catch (e) {
      message.error((e as Error).message);
    }
  }, [message, setDrafts]);

  const batchId = view?.batch.batch_id;
  useEffect(() => {
    if (!view) return;
    void runSync(view.batch.items.map((i) => ({ item_id: i.item_id, cas_number: i.cas_number, product_number: i.product_id, brand: i.brand })));
    // Once per batch (not on every submitted-state refresh of the view).
  }, [batchId]);

  return { sync, filled, runSync };
}
