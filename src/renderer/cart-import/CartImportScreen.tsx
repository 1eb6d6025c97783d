// The /cart-import review screen (spec 001): reads the batch the bridge handed to the main process
// (at once, else waits for the import-batch-ready push with a few retries), shows what the lab
// already has (cart-sync), and turns items into orders one at a time through the normal order
// endpoints (use-import-batch, use-cart-sync, use-cart-submit; the review itself is CartReview).
import { useEffect, useState } from 'react';
import { Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../api/client';
import { useSession } from '../session/session-store';
import { CartReview } from './CartReview';
import { NoBatchGuide } from './NoBatchGuide';
import { useImportBatch } from './use-import-batch';

export function CartImportScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const wanted = params.get('batch_id');
  const { state, setState, view, applyView, drafts, setDrafts } = useImportBatch(wanted);
  const canSubmit = session.user?.role !== 'public';
  const [port, setPort] = useState<number | null>(null);
  useEffect(() => {
    call('appInfo', {}).then((i) => setPort(i.port), () => undefined);
  }, []);

  if (state.kind === 'loading') return <Spin />;
  if (state.kind === 'waiting')
    return (
      <Space direction="vertical">
        <Typography.Title level={3}>{t('cart.title')}</Typography.Title>
        <Spin /> <span data-testid="cart-waiting">{t('cart.waiting')}</span>
      </Space>
    );
  if (state.kind === 'none' || !view) return <NoBatchGuide isPublic={!canSubmit} port={port} onReload={() => location.reload()} />;
  return <CartReview view={view} wanted={wanted} canSubmit={canSubmit} drafts={drafts} setDrafts={setDrafts} setState={setState} applyView={applyView} />;
}
