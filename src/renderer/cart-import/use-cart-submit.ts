// Turning items into orders, one at a time through the normal order endpoints. Each submit carries
// the item's import reference: lab.db records the submission with the order, so a retry, a double
// click or a second window gets the first order back instead of a second one.
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportBatchView, SubmittedItem } from '../../shared/contract';
import { call } from '../api/client';
import { useBusyAction } from '../app/use-busy-action';
import { submitRequest, type ItemDraft } from './drafts';
import type { LoadState } from './use-import-batch';

type Batch = { view: ImportBatchView | null; drafts: Record<string, ItemDraft>; setState: Dispatch<SetStateAction<LoadState>>; applyView: (view: ImportBatchView) => void };

export function useCartSubmit({ view, drafts, setState, applyView }: Batch) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  const submitOne = useCallback(
    async (itemId: string): Promise<'ok' | 'failed' | 'skipped'> => {
      if (!view) return 'skipped';
      const batch_id = view.batch.batch_id;
      const request = submitRequest(draftsRef.current[itemId]!, { batch_id, item_id: itemId });
      if (!request) return 'skipped'; // pending: nothing is ever sent
      setBusy((b) => ({ ...b, [itemId]: true }));
      setErrors((e) => ({ ...e, [itemId]: null }));
      try {
        const order = request.op === 'createReagentOrder' ? await call('createReagentOrder', request.input as never) : await call('createConsumableOrder', request.input as never);
        const done: SubmittedItem = { order_type: request.op === 'createReagentOrder' ? 'reagent' : 'consumable', order_id: order.id, at: order.created_at, by: order.applicant };
        if (order.existing) message.info(t('cart.alreadySubmitted', { type: t(`cart.${done.order_type}`), id: done.order_id, by: done.by }));
        setState((st) => (st.kind === 'ready' && st.view.batch.batch_id === batch_id ? { kind: 'ready', view: { ...st.view, submitted: { ...st.view.submitted, [itemId]: done } } } : st));
        return 'ok';
      } catch (e) {
        // The item may have its order anyway (an answer lost on the way, or another window made it
        // the other kind of order): lab.db says so, and the screen shows that order.
        const fresh = await call('getImportBatch', {}).catch(() => null);
        if (fresh?.batch.batch_id === batch_id && fresh.submitted[itemId]) {
          applyView(fresh);
          return 'ok';
        }
        setErrors((x) => ({ ...x, [itemId]: e }));
        return 'failed';
      } finally {
        setBusy((b) => ({ ...b, [itemId]: false }));
      }
    },
    [view, applyView, message, t, setState],
  );

  const [allBusy, submitAll] = useBusyAction(async () => {
    if (!view) return;
    const tally = { ok: 0, failed: 0, skipped: 0 };
    // Strictly one item at a time; a failure does not stop the others.
    for (const item of view.batch.items) {
      if (view.submitted[item.item_id]) continue;
      tally[await submitOne(item.item_id)]++;
    }
    message.info(t('cart.submitAllResult', tally));
  });

  return { busy, errors, submitOne, allBusy, submitAll };
}
