// The top of one stocktake: its title and state, who started (and closed) it, the live progress,
// and its actions (the report for everyone; close and cancel for administrators while open).
import { App, Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { dateTime, EMPTY } from '../app/format';
import { downloadFile, exportLanguage } from '../records/export-download';
import type { StocktakeDetail } from '../../shared/stocktake';
import { StocktakeStatusTag, progressPercent } from './stocktake-kit';

export function StocktakeTitle({ detail }: { detail: StocktakeDetail }) {
  const { t } = useTranslation();
  return (
    <Space wrap align="center">
      <Typography.Title level={3} style={{ margin: 0 }}>{t('stocktake.heading', { id: detail.id, location: detail.location_path })}</Typography.Title>
      <StocktakeStatusTag status={detail.status} />
    </Space>
  );
}

export function StocktakeFacts({ detail }: { detail: StocktakeDetail }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="stocktake-facts">
      {t('stocktake.startedBy', { name: detail.started_by_name ?? EMPTY, at: dateTime(detail.started_at) })}
      {detail.closed_at && ` · ${t(detail.status === 'cancelled' ? 'stocktake.cancelledBy' : 'stocktake.closedBy', { name: detail.closed_by_name ?? EMPTY, at: dateTime(detail.closed_at) })}`}
      {detail.note && ` · ${detail.note}`}
    </Typography.Text>
  );
}

export function StocktakeProgress({ detail }: { detail: StocktakeDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="stocktake-progress">
      <Progress percent={progressPercent(detail)} format={() => t('stocktake.progress', { seen: detail.seen, expected: detail.expected })} status={detail.status === 'open' ? 'active' : 'normal'} />
      {detail.found > 0 && <Typography.Text type="warning">{t('stocktake.foundCount', { count: detail.found })}</Typography.Text>}
    </div>
  );
}

export function StocktakeActions({ detail, isAdmin, onReview }: { detail: StocktakeDetail; isAdmin: boolean; onReview: () => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const report = async () => {
    const hide = message.loading(t('exportFile.working'), 0);
    try {
      const r = await downloadFile('stocktakeReport', { id: detail.id, lang: exportLanguage(i18n.language) }, `stocktake-${detail.id}.xlsx`);
      if (r.savedTo) message.success(t('stocktake.reportSaved', { path: r.savedTo }));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      hide();
    }
  };
  const cancel = () =>
    modal.confirm({
      title: t('stocktake.cancelTitle', { id: detail.id, location: detail.location_path }),
      content: t('stocktake.cancelConfirm'),
      okButtonProps: { danger: true },
      okText: t('stocktake.cancel'),
      // "取消" beside "取消盘点" would read as the same thing.
      cancelText: t('stocktake.keepOpen'),
      onOk: async () => {
        try {
          await call('cancelStocktake', { id: detail.id });
          message.success(t('stocktake.cancelled'));
        } catch (e) {
          message.error((e as Error).message);
        }
      },
    });
  return (
    <Space wrap>
      <Button onClick={() => void report()} data-testid="stocktake-report">{t('stocktake.report')}</Button>
      {isAdmin && detail.status === 'open' && (
        <>
          <Button type="primary" onClick={onReview} data-testid="stocktake-close">{t('stocktake.close')}</Button>
          <Button danger onClick={cancel} data-testid="stocktake-cancel">{t('stocktake.cancel')}</Button>
        </>
      )}
    </Space>
  );
}
