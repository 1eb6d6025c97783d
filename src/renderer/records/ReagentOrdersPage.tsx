// Reagent orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason), mark arrived and stock in (asking the storage location).
import { App, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { REAGENT_ORDER_STATUSES, type ReagentOrder } from '../../shared/records';
import { call } from '../api/client';
import { ListToolbar } from './list-kit';
import { useOrderPage } from './order-kit';
import { allowedFrom, REAGENT_TRANSITIONS as STEPS } from '../../shared/workflows';
import { RecordForm } from './RecordForm';
import { HistoryDrawer } from './HistoryDrawer';
import { PromptModal } from './PromptModal';

export function ReagentOrdersPage() {
  const { t, canWrite, isAdmin, list, run, editing, setEditing, history, setHistory, tableProps, col, prompt, setPrompt, statusColumn, rowButtons } = useOrderPage<ReagentOrder>({
    list: 'listReagentOrders',
    endpoint: '/reagent-orders/',
    reject: 'rejectReagentOrder',
    transitions: STEPS,
    delete: 'deleteReagentOrder',
    entity: 'reagent_order',
  });
  const { message } = App.useApp();

  const stockIn = (r: ReagentOrder) =>
    setPrompt({
      title: t('records.stockInTitle', { name: r.name }),
      fields: [
        { name: 'storage_location', label: t('records.stockInLocation'), required: true, max: 200 },
        { name: 'unit', label: t('records.field.unit'), max: 20 },
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
              {isAdmin && allowedFrom(STEPS.approve.from, r.status) && <Button size="small" type="primary" onClick={() => void run('approveReagentOrder', { id: r.id })}>{t('records.action.approve')}</Button>}
              {isAdmin && allowedFrom(STEPS.arrive.from, r.status) && <Button size="small" type="primary" onClick={() => void run('arriveReagentOrder', { id: r.id })}>{t('records.action.arrive')}</Button>}
              {isAdmin && allowedFrom(STEPS.stock_in.from, r.status) && <Button size="small" type="primary" onClick={() => stockIn(r)}>{t('records.action.stockIn')}</Button>}
            </>,
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('records.title.reagentOrders')}</Typography.Title>
      <ListToolbar endpoint="/reagent-orders/" list={list} statuses={REAGENT_ORDER_STATUSES} extra={canWrite && <Button type="primary" onClick={() => setEditing('new')}>{t('records.action.newOrder')}</Button>} />
      {list.error && <Typography.Text type="danger">{list.error}</Typography.Text>}
      <Table<ReagentOrder> {...tableProps} columns={columns} size="small" scroll={{ x: true }} data-testid="records-table" />
      <RecordForm kind="reagent" open={editing !== null} initial={editing === 'new' ? null : (editing as unknown as (Record<string, unknown> & { id: number }) | null)} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      <PromptModal spec={prompt} onClose={() => setPrompt(null)} />
    </Space>
  );
}
