// Reagent orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason), mark arrived and stock in (asking the storage location).
import { App, Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { date } from '../app/format';
import type { ReagentOrder } from '../../shared/records';
import { call } from '../api/client';
import { recordsOps } from '../../shared/contract/records';
import { OrderPageFrame, useOrderPage } from './order-kit';
import { allowedFrom, REAGENT_TRANSITIONS as STEPS } from '../../shared/workflows';

export function ReagentOrdersPage() {
  const page = useOrderPage<ReagentOrder>({
    list: 'listReagentOrders',
    endpoint: '/reagent-orders/',
    reject: 'rejectReagentOrder',
    transitions: STEPS,
    delete: 'deleteReagentOrder',
  });
  const { t, isAdmin, run, col, setPrompt, statusColumn, actionsColumn } = page;
  const { message } = App.useApp();

  const stockIn = (r: ReagentOrder) =>
    setPrompt({
      title: t('records.stockInTitle', { name: r.name }),
      schema: recordsOps.stockInReagentOrder.input,
      fields: [
        { name: 'storage_location', label: t('records.stockInLocation') },
        { name: 'unit', label: t('records.field.unit') },
      ],
      onOk: async (v) => {
        const res = await call('stockInReagentOrder', { id: r.id, storage_location: v.storage_location!, ...(v.unit ? { unit: v.unit } : {}) });
        message.success(t('records.stockInDone', { id: res.item.id }));
      },
    });

  const columns: ColumnsType<ReagentOrder> = [
    col('id'),
    col('name', { render: (v: string, r) => (r.english_name ? `${v} (${r.english_name})` : v) }),
    col('cas_number'),
    col('specification'),
    col('quantity'),
    col('unit_price'),
    col('brand'),
    col('product_number'),
    col('applicant'),
    col('created_at', { render: (v: string) => date(v) }),
    statusColumn,
    actionsColumn((r) => (
      <>
        {isAdmin && allowedFrom(STEPS.approve.from, r.status) && <Button size="small" type="primary" onClick={() => void run('approveReagentOrder', { id: r.id })}>{t('records.action.approve')}</Button>}
        {isAdmin && allowedFrom(STEPS.arrive.from, r.status) && <Button size="small" type="primary" onClick={() => void run('arriveReagentOrder', { id: r.id })}>{t('records.action.arrive')}</Button>}
        {isAdmin && allowedFrom(STEPS.stock_in.from, r.status) && <Button size="small" type="primary" onClick={() => stockIn(r)}>{t('records.action.stockIn')}</Button>}
      </>
    )),
  ];

  return <OrderPageFrame page={page} title={t('records.title.reagentOrders')} kind="reagent" columns={columns} />;
}
