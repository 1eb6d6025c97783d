// The review of a loaded batch: its facts, the progress with Submit all, and one card per item.
import type { Dispatch, SetStateAction } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportBatchView } from '../../shared/contract';
import { dateTime } from '../app/format';
import { ItemCard } from './ItemCard';
import { initialDraft, type ItemDraft } from './drafts';
import { useCartSubmit } from './use-cart-submit';
import { useCartSync } from './use-cart-sync';
import type { LoadState } from './use-import-batch';

type Props = {
  view: ImportBatchView;
  wanted: string | null;
  canSubmit: boolean;
  drafts: Record<string, ItemDraft>;
  setDrafts: Dispatch<SetStateAction<Record<string, ItemDraft>>>;
  setState: Dispatch<SetStateAction<LoadState>>;
  applyView: (view: ImportBatchView) => void;
};

export function CartReview({ view, wanted, canSubmit, drafts, setDrafts, setState, applyView }: Props) {
  const { t } = useTranslation();
  const { sync, filled, runSync } = useCartSync(view, setDrafts);
  const { busy, errors, submitOne, allBusy, submitAll } = useCartSubmit({ view, drafts, setState, applyView });
  const submittedCount = Object.keys(view.submitted).length;
  const allSubmitted = submittedCount === view.batch.items.length;
  const header = t('cart.batchInfo', { id: view.batch.batch_id.slice(0, 8), count: view.batch.items.length, created: dateTime(view.batch.created_at), expires: dateTime(view.expires_at) });

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
