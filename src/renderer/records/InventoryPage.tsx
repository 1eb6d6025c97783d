// Inventory list: search, status filter, sort, paging, export, import; create/edit, borrow,
// return, consume, dispose, delete and the history of each item. The public account sees no
// write buttons (and the API refuses its writes anyway).
import { useState } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { InventoryItem } from '../../shared/records';
import { allowedFrom, INVENTORY_TRANSITIONS as STEPS } from '../../shared/workflows';
import { ListToolbar, StatusTag, useRecordPage } from './list-kit';
import { RecordForm } from './RecordForm';
import { HistoryDrawer } from './HistoryDrawer';
import { ImportWizard } from './ImportWizard';

export function InventoryPage() {
  const { t, user, canWrite, isAdmin, list, run, editing, setEditing, history, setHistory, tableProps, col } = useRecordPage<InventoryItem>('listInventory', '/inventory/');
  const [importing, setImporting] = useState(false);

  const columns: ColumnsType<InventoryItem> = [
    col('name', { render: (v: string, r) => (r.english_name ? `${v} (${r.english_name})` : v) }),
    col('cas_number'),
    col('specification'),
    col('quantity', { render: (v: number, r) => `${v} ${r.unit}` }),
    col('storage_location'),
    col('brand'),
    col('category'),
    col('status', { render: (s: string, r) => (r.borrowed_by_name ? <Space size={4}><StatusTag status={s} />{r.borrowed_by_name}</Space> : <StatusTag status={s} />) }),
    {
      key: 'actions',
      title: t('records.action.actions'),
      render: (_v, r) => (
        <Space size={4} wrap>
          {canWrite && allowedFrom(STEPS.borrow.from, r.status) && <Button size="small" onClick={() => void run('borrowInventoryItem', { id: r.id })}>{t('records.action.borrow')}</Button>}
          {canWrite && allowedFrom(STEPS.return.from, r.status) && (isAdmin || r.borrowed_by === user.id) && <Button size="small" onClick={() => void run('returnInventoryItem', { id: r.id })}>{t('records.action.return')}</Button>}
          {canWrite && allowedFrom(STEPS.consume.from, r.status) && (
            <Button size="small" onClick={() => void run('consumeInventoryItem', { id: r.id }, t('records.confirmAction', { action: t('records.action.consume'), name: r.name }))}>{t('records.action.consume')}</Button>
          )}
          {canWrite && allowedFrom(STEPS.dispose.from, r.status) && (
            <Button size="small" onClick={() => void run('disposeInventoryItem', { id: r.id }, t('records.confirmAction', { action: t('records.action.dispose'), name: r.name }))}>{t('records.action.dispose')}</Button>
          )}
          {canWrite && <Button size="small" onClick={() => setEditing(r)}>{t('records.action.edit')}</Button>}
          {isAdmin && <Button size="small" danger onClick={() => void run('deleteInventoryItem', { id: r.id }, t('records.confirmDelete'))}>{t('records.action.delete')}</Button>}
          <Button size="small" type="link" onClick={() => setHistory({ type: 'inventory_item', id: r.id, name: r.name })}>{t('records.action.history')}</Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('records.title.inventory')}</Typography.Title>
      <ListToolbar
        endpoint="/inventory/"
        list={list}
        extra={
          canWrite && (
            <>
              <Button type="primary" onClick={() => setEditing('new')}>{t('records.action.newItem')}</Button>
              <Button onClick={() => setImporting(true)}>{t('records.action.import')}</Button>
            </>
          )
        }
      />
      {list.error && <Typography.Text type="danger">{list.error}</Typography.Text>}
      <Table<InventoryItem> {...tableProps} columns={columns} size="small" scroll={{ x: true }} data-testid="records-table" />
      <RecordForm kind="inventory" open={editing !== null} initial={editing === 'new' ? null : (editing as unknown as (Record<string, unknown> & { id: number }) | null)} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      {canWrite && <ImportWizard open={importing} onClose={() => setImporting(false)} />}
    </Space>
  );
}
