// Small pieces the stocktake list and page share: the status tag and the progress percentage.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Stocktake, StocktakeStatus } from '../../shared/stocktake';

const STATUS_COLOR: Record<StocktakeStatus, string> = { open: 'processing', closed: 'success', cancelled: 'default' };

export function StocktakeStatusTag({ status }: { status: StocktakeStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]} data-testid="stocktake-status">{t(`stocktake.status.${status}`)}</Tag>;
}

export function progressPercent(s: Pick<Stocktake, 'seen' | 'expected'>): number {
  return s.expected === 0 ? 100 : Math.floor((s.seen / s.expected) * 100);
}
