// What the reagent and consumable order pages share: the page state, the rejection prompt, the
// status cell (with the rejection reason on hover) and the owner's and everyone's row buttons,
// offered in the statuses src/shared/workflows.ts allows (the service refuses the others).
// Each page adds its own columns and its admin steps (approve, arrive, stock in, complete).
import { useCallback, useMemo, useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { call } from '../api/client';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { recordsOps } from '../../shared/contract/records';
import type { ListOp } from './use-record-list';
import { cachedT, deleteConfirm, HoverTip, ListToolbar, RecordTable, statusTag, useRecordPage } from './list-kit';
import { RowActions, type RowAction } from './RowActions';
import { useColumnPrefs, type ColumnDefaults } from './column-prefs';
import { formatYuan, orderTotal } from './money';
import { PromptModal, type PromptSpec } from './PromptModal';
import { HistoryDrawer, RecordForm } from './dialogs';
import { LazyDialog } from '../app/lazy';
import { allowedFrom, CONSUMABLE_TRANSITIONS, DELETABLE_ORDER_STATUSES, EDITABLE_ORDER_STATUSES, REAGENT_TRANSITIONS } from '../../shared/workflows';

interface OrderRow {
  id: number;
  name: string;
  applicant_id: number;
  status: string;
  reject_reason: string | null;
  quantity: number;
  unit_price: number | null;
}

export interface OrderOps {
  list: ListOp;
  endpoint: Exclude<ListEndpoint, '/inventory/'>;
  reject: 'rejectReagentOrder' | 'rejectConsumableOrder';
  /** The kind's workflow (the reject button follows its `reject` step). */
  transitions: typeof REAGENT_TRANSITIONS | typeof CONSUMABLE_TRANSITIONS;
  delete: 'deleteReagentOrder' | 'deleteConsumableOrder';
}

export function useOrderPage<T extends OrderRow>(ops: OrderOps) {
  const page = useRecordPage<T>(ops.list, ops.endpoint);
  const { t, user, canWrite, isAdmin, run, setEditing, setHistory } = page;
  const { message } = App.useApp();
  const { i18n } = useTranslation();
  const [prompt, setPrompt] = useState<PromptSpec | null>(null);
  const { col } = page;
  // Every column piece keeps its identity while what it shows is unchanged, so the pages can
  // memoize their columns and typing in the search box does not re-render the table.
  const statusColumn = useMemo(() => {
    const statusText = cachedT((key) => t(key));
    const status = (s: string) => statusTag(s, statusText(`records.status.${s}`));
    return col('status', {
        // A rejected order shows its reason in the row itself (cut to the column; whole on hover).
        width: 220,
        ellipsis: { showTitle: false },
        render: (s: string, r: T) =>
          r.reject_reason ? (
            <HoverTip title={r.reject_reason}>
              <span>
                {status(s)}
                <Typography.Text type="danger" data-testid="reject-reason">{r.reject_reason}</Typography.Text>
              </span>
            </HoverTip>
          ) : (
            status(s)
          ),
    } as Partial<ColumnsType<T>[number]>);
  }, [col, t]);

  /** The row's actions. Kept as buttons: the admin's next workflow step (at most one applies in a
   * status, and it is what an admin opens the list for) and history (everyone's, the only one of
   * the browse-only account). In the menu: reject, edit and delete — rarer, and reject/delete
   * ask for a reason or a confirmation anyway. */
  const actionsColumn = useCallback(
    (adminSteps: (r: T) => RowAction[]): ColumnsType<T>[number] => {
      const mine = (r: T) => isAdmin || r.applicant_id === user.id;
      const reject = (r: T) =>
        setPrompt({
          title: t('records.rejectTitle', { name: r.name, id: r.id }),
          okText: t('records.action.reject'),
          schema: recordsOps[ops.reject].input,
          fields: [{ name: 'reason', label: t('records.rejectReason') }],
          onOk: async (v) => {
            await call(ops.reject, { id: r.id, reason: v.reason! });
            message.success(t('records.done'));
          },
        });
      return {
        key: 'actions',
        title: t('records.action.actions'),
        width: 170,
        fixed: 'right',
        render: (_v, r: T) => (
          <RowActions
            moreLabel={t('table.more')}
            visible={[...adminSteps(r).map((a) => ({ ...a, primary: true })), { key: 'history', label: t('records.action.history'), show: true, onClick: () => setHistory({ type: LISTS[ops.endpoint].kind, id: r.id, name: r.name }) }]}
            more={[
              { key: 'reject', label: t('records.action.reject'), danger: true, show: isAdmin && allowedFrom(ops.transitions.reject.from, r.status), onClick: () => reject(r) },
              { key: 'edit', label: t('records.action.edit'), show: canWrite && mine(r) && allowedFrom(EDITABLE_ORDER_STATUSES, r.status), onClick: () => setEditing(r) },
              { key: 'delete', label: t('records.action.delete'), danger: true, show: canWrite && mine(r) && allowedFrom(DELETABLE_ORDER_STATUSES, r.status), onClick: () => void run(ops.delete, { id: r.id }, deleteConfirm(t, r)) },
            ]}
          />
        ),
      };
    },
    [t, isAdmin, canWrite, user.id, run, setEditing, setHistory, message, ops.endpoint, ops.reject, ops.transitions, ops.delete],
  );

  /** Unit price with ¥ and the order's total (quantity × unit price); no price stays empty. */
  const moneyColumns = useCallback(
    (): ColumnsType<T> => [
      col('unit_price' as keyof T & string, { width: 110, align: 'right', render: (v: number | null) => formatYuan(v) } as Partial<ColumnsType<T>[number]>),
      { key: 'total', title: t('table.total'), width: 110, align: 'right', className: 'total-cell', render: (_v, r: T) => formatYuan(orderTotal(r.quantity, r.unit_price)) },
    ],
    [col, t, i18n.language],
  );

  return { ...page, endpoint: ops.endpoint, prompt, setPrompt, statusColumn, actionsColumn, moneyColumns };
}

/**
 * An order page: title, toolbar with "new order", the table (the columns the user picked, by
 * default those `columnDefaults` leaves shown), and the form, history and prompt it opens.
 */
export function OrderPageFrame<T extends OrderRow>({ page, title, kind, columns, columnDefaults }: { page: ReturnType<typeof useOrderPage<T>>; title: string; kind: 'reagent' | 'consumable'; columns: ColumnsType<T>; columnDefaults: ColumnDefaults }) {
  const { t, user, canWrite, list, editing, setEditing, history, setHistory, tableProps, prompt, setPrompt } = page;
  const shown = useColumnPrefs(`${kind}Orders`, user.id, columns, columnDefaults);
  // Kept while unchanged: a keystroke in the search box does not re-render the button.
  const extra = useMemo(() => canWrite && <Button type="primary" onClick={() => setEditing('new')}>{t('records.action.newOrder')}</Button>, [canWrite, setEditing, t]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <ListToolbar endpoint={page.endpoint} list={list} extra={extra} />
      {list.error && <Typography.Text type="danger">{list.error}</Typography.Text>}
      <RecordTable<T> {...tableProps} columns={shown} />
      <LazyDialog open={editing !== null}>
        <RecordForm kind={kind} open={editing !== null} initial={editing === 'new' ? null : (editing as unknown as (Record<string, unknown> & { id: number }) | null)} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      </LazyDialog>
      <LazyDialog open={history !== null}>
        <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      </LazyDialog>
      <PromptModal spec={prompt} onClose={() => setPrompt(null)} />
    </Space>
  );
}
