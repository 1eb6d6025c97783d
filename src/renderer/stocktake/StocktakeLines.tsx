// The stocktake's lines (paged, filtered): tick boxes, what is expected and what was counted, who
// saw each container, and after closing what the close did with it.
import { App, Button, Checkbox, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { dateTime, EMPTY } from '../app/format';
import { amountText } from '../records/item-display';
import { HoverTip, pathTail } from '../records/list-kit';
import type { StocktakeDetail, StocktakeLine } from '../../shared/stocktake';

export type Filter = 'all' | 'unseen' | 'seen' | 'found' | 'moved';
export const FILTERS: Record<Filter, (l: StocktakeLine) => boolean> = {
  all: () => true,
  unseen: (l) => !l.seen_at,
  seen: (l) => !!l.seen_at,
  found: (l) => l.expected === 0,
  moved: (l) => l.moved,
};

function ItemCell({ l }: { l: StocktakeLine }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <span>
        #{l.item_id} {l.name}
        {l.status === null && ` ${t('stocktake.line.deleted')}`}
      </span>
      {l.english_name && <Typography.Text type="secondary">{l.english_name}</Typography.Text>}
      {l.expected === 0 && <Tag color="orange">{t('stocktake.line.found')}</Tag>}
      {l.moved && <Tag color="purple">{t('stocktake.line.moved')}</Tag>}
      {l.status === 'borrowed' && <Tag color="blue">{t('stocktake.line.borrowed')}</Tag>}
    </Space>
  );
}

type Props = { detail: StocktakeDetail; lines: StocktakeLine[]; canCount: boolean; onCount: (l: StocktakeLine) => void };

function lineColumns(t: TFunction, { detail, canCount, onCount }: Props, tick: (l: StocktakeLine, seen: boolean) => void): ColumnsType<StocktakeLine> {
  const counted = (l: StocktakeLine) => (
    <Space size={4}>
      <span>{l.counted_amount !== null ? amountText(l.counted_amount, l.counted_unit ?? '') : l.seen_at ? t('stocktake.line.asExpected') : EMPTY}</span>
      {canCount && l.status !== null && (
        <Button size="small" type="link" onClick={() => onCount(l)} data-testid={`count-${l.item_id}`}>{t('stocktake.line.count')}</Button>
      )}
    </Space>
  );
  return [
    {
      key: 'seen',
      title: t('stocktake.line.seen'),
      width: 60,
      render: (_, l) => <Checkbox checked={!!l.seen_at} disabled={!canCount} aria-label={`${t('stocktake.line.seen')} #${l.item_id}`} onChange={(e) => tick(l, e.target.checked)} />,
    },
    { key: 'item', title: t('stocktake.line.item'), render: (_, l) => <ItemCell l={l} /> },
    { key: 'cas', title: t('stocktake.line.cas'), width: 110, render: (_, l) => l.cas_number || EMPTY },
    // The last two levels, as in the inventory list; the whole path on hover.
    { key: 'registered', title: t('stocktake.line.registered'), render: (_, l) => (l.location_path ? <HoverTip title={l.location_path}><span data-testid="location-cell">{pathTail(l.location_path)}</span></HoverTip> : EMPTY) },
    { key: 'expected', title: t('stocktake.line.expected'), width: 110, render: (_, l) => (l.expected ? amountText(l.expected_amount, l.expected_unit) : EMPTY) },
    { key: 'counted', title: t('stocktake.line.counted'), width: 150, render: (_, l) => counted(l) },
    { key: 'seenBy', title: t('stocktake.line.seenBy'), render: (_, l) => (l.seen_at ? `${l.seen_by_name ?? ''} · ${dateTime(l.seen_at)}` : EMPTY) },
    ...(detail.status === 'closed' ? [{ key: 'outcome', title: t('stocktake.line.outcome'), render: (_: unknown, l: StocktakeLine) => (l.outcome ? t(`stocktake.outcome.${l.outcome}`) : EMPTY) }] : []),
  ];
}

export function StocktakeLines(p: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tick = async (l: StocktakeLine, seen: boolean) => {
    try {
      if (seen) await call('tickStocktake', { id: p.detail.id, item_id: l.item_id });
      else await call('untickStocktake', { id: p.detail.id, item_id: l.item_id });
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Table<StocktakeLine>
      data-testid="stocktake-lines"
      rowKey="item_id"
      size="small"
      dataSource={p.lines}
      pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 200], hideOnSinglePage: true }}
      columns={lineColumns(t, p, (l, seen) => void tick(l, seen))}
    />
  );
}
