// One stocktake: a big scan input (focused; a keyboard-wedge scanner types `LAB1:<id>` + Enter),
// the progress "seen / expected" (live: other people's scans arrive as events), the lines with tick
// boxes and counted amounts (paged, filtered), the report download, and for administrators the
// close review and cancel.
import { useMemo, useState } from 'react';
import { Alert, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '../session/session-store';
import type { StocktakeDetail, StocktakeLine } from '../../shared/stocktake';
import { useStocktake } from './use-stocktake';
import { CloseDialog } from './CloseDialog';
import { CountDialog } from './CountDialog';
import { StocktakeActions, StocktakeFacts, StocktakeProgress, StocktakeTitle } from './StocktakeHeader';
import { FILTERS, StocktakeLines, type Filter } from './StocktakeLines';
import { StocktakeScan } from './StocktakeScan';

export function StocktakePage() {
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const { detail, error } = useStocktake(id);
  if (error) return <Alert type="error" showIcon message={error} action={<Link to="/stocktakes">{t('stocktake.back')}</Link>} />;
  if (!detail) return <Typography.Text type="secondary">…</Typography.Text>;
  return <Stocktake detail={detail} />;
}

function Stocktake({ detail }: { detail: StocktakeDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const canCount = detail.status === 'open' && user?.role !== 'public';
  const [filter, setFilter] = useState<Filter>('all');
  const [counting, setCounting] = useState<StocktakeLine | null>(null);
  const [closing, setClosing] = useState(false);
  const lines = useMemo(() => detail.lines.filter(FILTERS[filter]), [detail.lines, filter]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="stocktake-page">
      <Link to="/stocktakes">← {t('stocktake.back')}</Link>
      <StocktakeTitle detail={detail} />
      <StocktakeFacts detail={detail} />
      <StocktakeProgress detail={detail} />
      {detail.status === 'open' && (canCount ? <StocktakeScan id={detail.id} /> : <Alert type="info" showIcon message={t('stocktake.scanPublic')} />)}
      <StocktakeActions detail={detail} isAdmin={isAdmin} onReview={() => setClosing(true)} />
      <Segmented<Filter>
        value={filter}
        onChange={setFilter}
        options={(Object.keys(FILTERS) as Filter[]).map((f) => ({ value: f, label: t(`stocktake.filter.${f}`) }))}
      />
      <StocktakeLines detail={detail} lines={lines} canCount={canCount} onCount={setCounting} />
      <CountDialog stocktakeId={detail.id} line={counting} onClose={() => setCounting(null)} />
      {isAdmin && closing && <CloseDialog stocktake={detail} onClose={() => setClosing(false)} />}
    </Space>
  );
}
