// Consumable orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason) and mark them completed.
import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { date } from '../app/format';
import type { ConsumableOrder } from '../../shared/records';
import { OrderPageFrame, useOrderPage } from './order-kit';
import { ellipsisCell, HoverTip } from './list-kit';
import { PinyinMark } from './search-feedback';
import { allowedFrom, CONSUMABLE_TRANSITIONS as STEPS } from '../../shared/workflows';

/** Shown by default at 1366 × 768: what the order is, who asked, when, and where it stands (with a rejection's reason). */
const COLUMN_DEFAULTS = { hidden: ['id', 'unit_price', 'communication'], locked: ['name'] };

export function ConsumableOrdersPage() {
  const page = useOrderPage<ConsumableOrder>({
    list: 'listConsumableOrders',
    endpoint: '/consumable-orders/',
    reject: 'rejectConsumableOrder',
    transitions: STEPS,
    delete: 'deleteConsumableOrder',
  });
  const { t, isAdmin, run, col, statusColumn, actionsColumn, moneyColumns } = page;

  const columns = useMemo<ColumnsType<ConsumableOrder>>(
    () => [
      col('id', { width: 70 }),
      // The name, and the mark of a row the search found through pinyin.
      col('name', {
        ...ellipsisCell(200),
        render: (v: string, r) => (
          <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <HoverTip title={v}><span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{v}</span></HoverTip>
            <PinyinMark id={r.id} />
          </span>
        ),
      }),
      col('specification', ellipsisCell(120)),
      col('quantity', { width: 80 }),
      ...moneyColumns(),
      col('communication', ellipsisCell(180)),
      col('applicant', ellipsisCell(100)),
      col('created_at', { width: 110, render: (v: string) => date(v) }),
      statusColumn,
      actionsColumn((r) => [
        { key: 'approve', label: t('records.action.approve'), show: isAdmin && allowedFrom(STEPS.approve.from, r.status), onClick: () => void run('approveConsumableOrder', { id: r.id }) },
        { key: 'complete', label: t('records.action.complete'), show: isAdmin && allowedFrom(STEPS.complete.from, r.status), onClick: () => void run('completeConsumableOrder', { id: r.id }) },
      ]),
    ],
    [t, isAdmin, run, col, statusColumn, actionsColumn, moneyColumns],
  );

  return <OrderPageFrame page={page} title={t('records.title.consumableOrders')} kind="consumable" columns={columns} columnDefaults={COLUMN_DEFAULTS} />;
}
