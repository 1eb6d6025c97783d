// Reagent orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason), mark arrived and stock in (asking the storage location).
import { useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { date } from '../app/format';
import type { ReagentOrder } from '../../shared/records';
import { StockInDialog } from './dialogs';
import { LazyDialog } from '../app/lazy';
import { OrderPageFrame, useOrderPage } from './order-kit';
import { casCell, ellipsisCell, HoverTip } from './list-kit';
import { allowedFrom, REAGENT_TRANSITIONS as STEPS } from '../../shared/workflows';
import { useTranslation } from 'react-i18next';
import { controlledNames } from '../../shared/controlled';
import { ControlledTags } from '../controlled/ControlledTags';
import { useControlled } from '../controlled/use-controlled';
import { PinyinMark } from './search-feedback';

/** Shown by default at 1366 × 768: what the order is, who asked, when, and where it stands (with a rejection's reason). */
const COLUMN_DEFAULTS = { hidden: ['id', 'english_name', 'specification', 'unit_price', 'brand', 'product_number'], locked: ['name'] };

export function ReagentOrdersPage() {
  const page = useOrderPage<ReagentOrder>({
    list: 'listReagentOrders',
    endpoint: '/reagent-orders/',
    reject: 'rejectReagentOrder',
    transitions: STEPS,
    delete: 'deleteReagentOrder',
  });
  const { t, isAdmin, run, col, statusColumn, actionsColumn, moneyColumns, list } = page;
  const [stocking, setStocking] = useState<ReagentOrder | null>(null);
  const controlled = useControlled();
  const { i18n } = useTranslation();

  const columns = useMemo<ColumnsType<ReagentOrder>>(() => {
    const stockIn = (r: ReagentOrder) => setStocking(r);
    // A controlled chemical's approval names its categories first (双人双锁 starts at the order).
    const approveConfirm = (r: ReagentOrder) =>
      r.controlled ? { title: t('controlled.approveConfirm', { name: r.name, id: r.id, categories: controlledNames(r.controlled, controlled.categories, i18n.language).join('、') }), okText: t('records.action.approve') } : undefined;
    return [
      col('id', { width: 70 }),
      col('name', { ...ellipsisCell(200), render: (v: string, r) => { const label = r.english_name ? `${v} (${r.english_name})` : v; return <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}><HoverTip title={label}><span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{v}</span></HoverTip><PinyinMark id={r.id} /><ControlledTags flag={r.controlled} compact /></span>; } }),
      col('english_name', ellipsisCell(160)),
      col('cas_number', casCell),
      col('specification', ellipsisCell(100)),
      col('quantity', { width: 80 }),
      ...moneyColumns(),
      col('brand', ellipsisCell(110)),
      col('product_number', ellipsisCell(110)),
      col('applicant', ellipsisCell(100)),
      col('created_at', { width: 110, render: (v: string) => date(v) }),
      statusColumn,
      actionsColumn((r) => [
        { key: 'approve', label: t('records.action.approve'), show: isAdmin && allowedFrom(STEPS.approve.from, r.status), onClick: () => void run('approveReagentOrder', { id: r.id }, approveConfirm(r)) },
        { key: 'arrive', label: t('records.action.arrive'), show: isAdmin && allowedFrom(STEPS.arrive.from, r.status), onClick: () => void run('arriveReagentOrder', { id: r.id }) },
        { key: 'stockIn', label: t('records.action.stockIn'), show: isAdmin && allowedFrom(STEPS.stock_in.from, r.status), onClick: () => stockIn(r) },
      ]),
    ];
  }, [t, i18n.language, controlled.categories, isAdmin, run, col, statusColumn, actionsColumn, moneyColumns]);

  return (
    <>
      <OrderPageFrame page={page} title={t('records.title.reagentOrders')} kind="reagent" columns={columns} columnDefaults={COLUMN_DEFAULTS} />
      <LazyDialog open={stocking !== null}>
        <StockInDialog order={stocking} onClose={() => setStocking(null)} onDone={() => void list.reload()} />
      </LazyDialog>
    </>
  );
}
