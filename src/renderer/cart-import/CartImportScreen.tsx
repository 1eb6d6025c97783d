// The /cart-import review screen (spec 001): reads the batch the bridge handed to the main process
// (at once, else waits for the import-batch-ready push with a few retries), shows what the lab
// already has (cart-sync), and turns items into orders one at a time through the normal order
// endpoints. Each submit is one order request carrying the item's import reference: lab.db records
// the submission with the order, so a retry, a double click or a second window gets the first
// order back instead of a second one.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CartSyncResult, ImportBatchView, SubmittedItem } from '../../shared/contract';
import { call, subscribeEvents } from '../api/client';
import { dateTime } from '../app/format';
import { useBusyAction } from '../app/use-busy-action';
import { useSession } from '../session/session-store';
import { ItemCard } from './ItemCard';
import { NoBatchGuide } from './NoBatchGuide';
import { draftStorageKey, initialDraft, submitRequest, withEnglishName, type ItemDraft } from './drafts';

/** Page-side retry rounds while no batch is there yet (the spec says "several"). */
const WAIT_ROUNDS = 6;
const WAIT_INTERVAL_MS = 1000;

type LoadState = { kind: 'loading' } | { kind: 'waiting' } | { kind: 'none' } | { kind: 'ready'; view: ImportBatchView };

function loadDrafts(view: ImportBatchView): Record<string, ItemDraft> {
  let saved: Record<string, ItemDraft> = {};
  try {
    saved = JSON.parse(localStorage.getItem(draftStorageKey(view.batch.batch_id)) ?? '{}') as Record<string, ItemDraft>;
  } catch {
    saved = {};
  }
  return Object.fromEntries(view.batch.items.map((i) => [i.item_id, saved[i.item_id] ?? initialDraft(i)]));
}

export function CartImportScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [params] = useSearchParams();
  const wanted = params.get('batch_id');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [drafts, setDrafts] = useState<Record<string, ItemDraft>>({});
  const [sync, setSync] = useState<Record<string, CartSyncResult>>({});
  const [filled, setFilled] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const canSubmit = session.user?.role !== 'public';
  const [port, setPort] = useState<number | null>(null);
  useEffect(() => {
    call('appInfo', {}).then((i) => setPort(i.port), () => undefined);
  }, []);

  const draftsBatch = useRef<string | null>(null);
  const applyView = useCallback((view: ImportBatchView) => {
    setState({ kind: 'ready', view });
    if (draftsBatch.current !== view.batch.batch_id) {
      draftsBatch.current = view.batch.batch_id;
      setDrafts(loadDrafts(view));
    }
  }, []);

  const runSync = useCallback(async (items: Array<{ item_id: string; cas_number: string; product_number: string; brand: string }>) => {
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
  }, [message]);

  // Load: from the app's store at once; otherwise wait for the push, with limited retries.
  useEffect(() => {
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
  }, [wanted, applyView]);

  const view = state.kind === 'ready' ? state.view : null;
  const batchId = view?.batch.batch_id;

  useEffect(() => {
    if (!view) return;
    void runSync(view.batch.items.map((i) => ({ item_id: i.item_id, cas_number: i.cas_number, product_number: i.product_id, brand: i.brand })));
    // Once per batch (not on every submitted-state refresh of the view).
  }, [batchId]);

  // Unsubmitted edits are kept per batch (a reload of the screen keeps them).
  useEffect(() => {
    if (batchId && Object.keys(drafts).length) localStorage.setItem(draftStorageKey(batchId), JSON.stringify(drafts));
  }, [drafts, batchId]);

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
    [view, applyView, message, t],
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

  const submittedCount = view ? Object.keys(view.submitted).length : 0;
  const header = useMemo(
    () =>
      view &&
      t('cart.batchInfo', {
        id: view.batch.batch_id.slice(0, 8),
        count: view.batch.items.length,
        created: dateTime(view.batch.created_at),
        expires: dateTime(view.expires_at),
      }),
    [view, applyView, message, t],
  );

  if (state.kind === 'loading') return <Spin />;
  if (state.kind === 'waiting')
    return (
      <Space direction="vertical">
        <Typography.Title level={3}>{t('cart.title')}</Typography.Title>
        <Spin /> <span data-testid="cart-waiting">{t('cart.waiting')}</span>
      </Space>
    );
  if (state.kind === 'none' || !view) return <NoBatchGuide isPublic={!canSubmit} port={port} onReload={() => location.reload()} />;

  const allSubmitted = submittedCount === view.batch.items.length;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="cart-review" data-batch-id={view.batch.batch_id}>
      <Typography.Title level={3}>{t('cart.title')}</Typography.Title>
      <Typography.Text type="secondary">{header}</Typography.Text>
      {wanted && wanted !== view.batch.batch_id && <Alert type="warning" showIcon title={t('cart.otherBatch', { wanted, actual: view.batch.batch_id })} />}
      {!canSubmit && <Alert type="info" showIcon data-testid="public-account" title={t('cart.publicAccount')} />}
      <Space>
        <Typography.Text data-testid="cart-progress">{t('cart.progress', { submitted: submittedCount, count: view.batch.items.length })}</Typography.Text>
        <Button type="primary" disabled={!canSubmit || allSubmitted} loading={allBusy} onClick={() => void submitAll()}>
          {t('cart.submitAll')}
        </Button>
      </Space>
      {allSubmitted && <Alert type="success" showIcon title={t('cart.allDone')} data-testid="all-done" />}
      {view.batch.items.map((item) => (
        <ItemCard
          key={item.item_id}
          item={item}
          draft={drafts[item.item_id] ?? initialDraft(item)}
          sync={sync[item.item_id]}
          submitted={view.submitted[item.item_id]}
          canSubmit={canSubmit && !allBusy}
          busy={Boolean(busy[item.item_id])}
          error={errors[item.item_id]}
          englishFilled={Boolean(filled[item.item_id])}
          onDraft={(d) => setDrafts((prev) => ({ ...prev, [item.item_id]: d }))}
          onCasChanged={(cas, product_number, brand) => void runSync([{ item_id: item.item_id, cas_number: cas ?? '', product_number: product_number ?? '', brand: brand ?? '' }])}
          onSubmit={() => void submitOne(item.item_id)}
        />
      ))}
    </Space>
  );
}
