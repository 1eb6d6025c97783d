// An item's ledger (台账): every movement oldest first — when, who, what kind in words, the amount
// with its unit, the balance after, the reason or note, a borrowing's purpose, the due date and the order — with an export
// of the same rows in the UI's language (the main process writes the file).
import { useEffect, useState } from 'react';
import { App, Button, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { StockMovement } from '../../shared/stock';
import { MOVEMENT_COLUMNS, movementColumnLabel, movementKindLabel, movementReasonText } from '../../shared/stock-actions';
import { dateTime, EMPTY } from '../app/format';
import { downloadFile, exportLanguage } from './export-download';
import { amountText } from './item-display';

function downloadLedger(id: number, format: 'csv' | 'xlsx', lang: 'zh-CN' | 'en'): Promise<{ rows: number; savedTo?: string }> {
  return downloadFile('exportMovements', { id, format, lang }, `ledger-${id}.${format}`);
}

/** `version`: read the movements again when it changes (the item's details after an action). */
export function StockLedger({ itemId, version }: { itemId: number; version?: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = exportLanguage(i18n.language);
  const [rows, setRows] = useState<StockMovement[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(null);
    setError(null);
    call('listMovements', { id: itemId }).then(setRows, (e: Error) => setError(e.message));
  }, [itemId, version]);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const r = await downloadLedger(itemId, format, lang);
      message.success(r.savedTo ? t('stock.savedTo', { path: r.savedTo }) : t('stock.exported', { rows: r.rows }));
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const head = (c: (typeof MOVEMENT_COLUMNS)[number]) => movementColumnLabel(lang, c);
  const columns: ColumnsType<StockMovement> = [
    { key: 'at', title: head('at'), dataIndex: 'at', width: 140, render: (v: string) => dateTime(v) },
    { key: 'user', title: head('user'), width: 110, render: (_v, m) => (m.second_user_name ? `${m.user_name ?? EMPTY} / ${m.second_user_name}` : (m.user_name ?? EMPTY)) },
    { key: 'kind', title: head('kind'), dataIndex: 'kind', width: 90, render: (k: StockMovement['kind']) => movementKindLabel(lang, k) },
    {
      key: 'amount',
      title: head('amount'),
      align: 'right',
      width: 110,
      render: (_v, m) => <span style={{ color: m.delta < 0 ? '#cf1322' : m.delta > 0 ? '#389e0d' : undefined }}>{`${m.delta < 0 ? '−' : m.delta > 0 ? '+' : ''}${amountText(m.amount, m.unit)}`}</span>,
    },
    { key: 'balance_after', title: head('balance_after'), align: 'right', width: 110, render: (_v, m) => amountText(m.balance_after, m.unit) },
    {
      key: 'reason',
      title: head('reason'),
      render: (_v, m) => {
        const parts = [m.reason ? movementReasonText(lang, m.reason) : '', m.related_item_id ? t('stock.related', { id: m.related_item_id }) : '', m.to_location && m.kind !== 'received' ? `→ ${m.to_location}` : ''].filter(Boolean);
        return parts.length ? parts.join(' · ') : EMPTY;
      },
    },
    { key: 'purpose', title: head('purpose'), dataIndex: 'purpose', width: 140, render: (v: string) => v || EMPTY },
    { key: 'due_date', title: head('due_date'), dataIndex: 'due_date', width: 100, render: (v: string | null) => v ?? EMPTY },
    { key: 'order_id', title: head('order_id'), dataIndex: 'order_id', width: 80, render: (v: number | null) => (v ? t('stock.orderNo', { id: v }) : EMPTY) },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button size="small" onClick={() => void exportAs('csv')} data-testid="ledger-export-csv">{t('stock.exportCsv')}</Button>
        <Button size="small" onClick={() => void exportAs('xlsx')}>{t('stock.exportXlsx')}</Button>
      </Space>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {rows && rows.length === 0 && <Empty description={t('stock.empty')} />}
      {rows && rows.length > 0 && (
        <Table<StockMovement> size="small" rowKey="id" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 940 }} data-testid="ledger-table" onRow={(m) => ({ 'data-kind': m.kind }) as never} />
      )}
    </Space>
  );
}
