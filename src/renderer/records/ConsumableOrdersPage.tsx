// Consumable orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason) and mark them completed.
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { date } from '../app/format';
import type { ConsumableOrder } from '../../shared/records';
import { OrderPageFrame, useOrderPage } from './order-kit';
import { allowedFrom, CONSUMABLE_TRANSITIONS as STEPS } from '../../shared/workflows';

export function ConsumableOrdersPage() {
  const page = useOrderPage<ConsumableOrder>({
    list: 'listConsumableOrders',
    endpoint: '/consumable-orders/',
    reject: 'rejectConsumableOrder',
    transitions: STEPS,
    delete: 'deleteConsumableOrder',
  });
  const { t, isAdmin, run, col, statusColumn, actionsColumn } = page;

  const columns: ColumnsType<ConsumableOrder> = [
    col('id'),
    col('name'),
    col('specification'),
    col('quantity'),
    col('unit_price'),
    col('communication'),
    col('applicant'),
    col('created_at', { render: (v: string) => date(v) }),
    statusColumn,
    actionsColumn((r) => (
      <>
        {isAdmin && allowedFrom(STEPS.approve.from, r.status) && <Button size="small" type="primary" onClick={() => void run('approveConsumableOrder', { id: r.id })}>{t('records.action.approve')}</Button>}
        {isAdmin && allowedFrom(STEPS.complete.from, r.status) && <Button size="small" type="primary" onClick={() => void run('completeConsumableOrder', { id: r.id })}>{t('records.action.complete')}</Button>}
      </>
    )),
  ];

  return <OrderPageFrame page={page} title={t('records.title.consumableOrders')} kind="consumable" columns={columns} />;
}
