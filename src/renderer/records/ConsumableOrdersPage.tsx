// Consumable orders: members order and edit/delete their own pending orders; admins approve,
// reject (with a reason) and mark them completed.
import { useState } from 'react';
import { App, Button, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { CONSUMABLE_ORDER_STATUSES, type ConsumableOrder } from '../../shared/records';
import { call } from '../api/client';
import { ListToolbar, StatusTag, useRecordPage } from './list-kit';
import { RecordForm } from './RecordForm';
import { HistoryDrawer } from './HistoryDrawer';
import { PromptModal, type PromptSpec } from './PromptModal';

export function ConsumableOrdersPage() {
  const { t, user, canWrite, isAdmin, list, run, editing, setEditing, history, setHistory, tableProps, col } = useRecordPage<ConsumableOrder>('listConsumableOrders', '/consumable-orders/');
  const { message } = App.useApp();
  const [prompt, setPrompt] = useState<PromptSpec | null>(null);
  const mine = (r: ConsumableOrder) => isAdmin || r.applicant_id === user.id;

  const reject = (r: ConsumableOrder) =>
    setPrompt({
      title: `${t('records.action.reject')}: ${r.name}`,
      fields: [{ name: 'reason', label: t('records.rejectReason'), required: true, max: 500 }],
      onOk: async (v) => {
        await call('rejectConsumableOrder', { id: r.id, reason: v.reason! });
        message.success(t('records.done'));
      },
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
    col('status', { render: (s: string, r) => (r.reject_reason ? <Tooltip title={r.reject_reason}><span><StatusTag status={s} /></span></Tooltip> : <StatusTag status={s} />) }),
    {
      key: 'actions',
      title: t('records.action.actions'),
      render: (_v, r) => (
        <Space size={4} wrap>
          {isAdmin && r.status === 'pending_approval' && <Button size="small" type="primary" onClick={() => void run('approveConsumableOrder', { id: r.id })}>{t('records.action.approve')}</Button>}
          {isAdmin && r.status === 'pending_approval' && <Button size="small" danger onClick={() => reject(r)}>{t('records.action.reject')}</Button>}
          {isAdmin && r.status === 'approved' && <Button size="small" type="primary" onClick={() => void run('completeConsumableOrder', { id: r.id })}>{t('records.action.complete')}</Button>}
          {canWrite && mine(r) && r.status === 'pending_approval' && <Button size="small" onClick={() => setEditing(r)}>{t('records.action.edit')}</Button>}
          {canWrite && mine(r) && (r.status === 'pending_approval' || r.status === 'rejected') && (
            <Button size="small" danger onClick={() => void run('deleteConsumableOrder', { id: r.id }, t('records.confirmDelete'))}>{t('records.action.delete')}</Button>
          )}
          <Button size="small" type="link" onClick={() => setHistory({ type: 'consumable_order', id: r.id, name: r.name })}>{t('records.action.history')}</Button>
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
