// Consumable orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason) and mark them completed.
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { CONSUMABLE_ORDER_STATUSES, type ConsumableOrder } from '../../shared/records';
import { ListToolbar } from './list-kit';
import { useOrderPage } from './order-kit';
import { allowedFrom, CONSUMABLE_TRANSITIONS as STEPS } from '../../shared/workflows';
import { RecordForm } from './RecordForm';
import { HistoryDrawer } from './HistoryDrawer';
import { PromptModal } from './PromptModal';

export function ConsumableOrdersPage() {
  const { t, canWrite, isAdmin, list, run, editing, setEditing, history, setHistory, tableProps, col, prompt, setPrompt, statusColumn, rowButtons } = useOrderPage<ConsumableOrder>({
    list: 'listConsumableOrders',
    endpoint: '/consumable-orders/',
    reject: 'rejectConsumableOrder',
    transitions: STEPS,
    delete: 'deleteConsumableOrder',
    entity: 'consumable_order',
  });

  const columns: ColumnsType<ConsumableOrder> = [
    col('id'),
    col('name'),
    col('specification'),
    col('quantity'),
    col('unit_price'),
    col('communication'),
    col('applicant'),
    col('created_at', { render: (v: string) => dayjs(v).format('YYYY-MM-DD') }),
    statusColumn,
    {
      key: 'actions',
      title: t('records.action.actions'),
      render: (_v, r) => (
        <Space size={4} wrap>
          {rowButtons(
            r,
            <>
              {isAdmin && allowedFrom(STEPS.approve.from, r.status) && <Button size="small" type="primary" onClick={() => void run('approveConsumableOrder', { id: r.id })}>{t('records.action.approve')}</Button>}
              {isAdmin && allowedFrom(STEPS.complete.from, r.status) && <Button size="small" type="primary" onClick={() => void run('completeConsumableOrder', { id: r.id })}>{t('records.action.complete')}</Button>}
            </>,
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('records.title.consumableOrders')}</Typography.Title>
      <ListToolbar endpoint="/consumable-orders/" list={list} statuses={CONSUMABLE_ORDER_STATUSES} extra={canWrite && <Button type="primary" onClick={() => setEditing('new')}>{t('records.action.newOrder')}</Button>} />
      {list.error && <Typography.Text type="danger">{list.error}</Typography.Text>}
      <Table<ConsumableOrder> {...tableProps} columns={columns} size="small" scroll={{ x: true }} data-testid="records-table" />
      <RecordForm kind="consumable" open={editing !== null} initial={editing === 'new' ? null : (editing as unknown as (Record<string, unknown> & { id: number }) | null)} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      <PromptModal spec={prompt} onClose={() => setPrompt(null)} />
    </Space>
  );
}
