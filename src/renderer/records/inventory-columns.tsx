// The inventory table's columns: the item's facts, and its row actions (the daily ones as buttons,
// the rarer and irreversible ones in the menu). Built once per language and role, so typing in the
// search box does not re-render the table.
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { InventoryItem } from '../../shared/records';
import { allowedFrom } from '../../shared/workflows';
import { STOCK_ACTION_FROM } from '../../shared/stock-actions';
import { ControlledTags } from '../controlled/ControlledTags';
import { cachedT, casCell, ellipsisCell, HoverTip, statusTag, type useRecordPage } from './list-kit';
import { RowActions } from './RowActions';
import { GhsIcons } from './GhsIcon';
import { amountText, containersText, expiryDate } from './item-display';
import { PinyinMark } from './search-feedback';
import type { StockDialogAction } from './StockDialog';

type Page = ReturnType<typeof useRecordPage<InventoryItem>>;
export type StockTarget = { action: StockDialogAction; item: InventoryItem };
export type ColumnContext = Pick<Page, 't' | 'col' | 'canWrite' | 'isAdmin' | 'run' | 'setEditing' | 'setHistory'> & {
  userId: number;
  setStock: Dispatch<SetStateAction<StockTarget | null>>;
  setMoving: Dispatch<SetStateAction<InventoryItem | null>>;
  setDetail: Dispatch<SetStateAction<InventoryItem | null>>;
  setLabelIds: Dispatch<SetStateAction<number[] | null>>;
};

function factColumns({ t, col, setDetail }: ColumnContext): ColumnsType<InventoryItem> {
  const label = (r: InventoryItem) => (r.english_name ? `${r.name} (${r.english_name})` : r.name);
  const statusText = cachedT((key) => t(key));
  const status = (s: string) => statusTag(s, statusText(`records.status.${s}`));
  return [
    // The name opens the item's details (every field, the GHS pictograms large). Its whole text
    // shows on hover as the element's own title: a hover tip made on first hover would re-create
    // the link between a quick press and release, and the click would be lost. A plain <a> in
    // antd's link look (Typography.Link per row cost its style hooks on every answer).
    col('name', {
      ...ellipsisCell(190),
      render: (_v: string, r) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <a className="cell-link" title={label(r)} onClick={() => setDetail(r)} data-testid="item-name" style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {label(r)}
          </a>
          <PinyinMark id={r.id} />
          {r.controlled ? <ControlledTags flag={r.controlled} compact /> : null}
        </span>
      ),
    }),
    col('cas_number', casCell),
    col('specification', ellipsisCell(90)),
    // "1500 g" and, kept as containers, "3 瓶 × 500 g" after it.
    col('quantity', {
      width: 150,
      ellipsis: { showTitle: false },
      render: (v: number, r) => {
        const amount = amountText(v, r.unit);
        const containers = containersText(r, t);
        return containers ? (
          <HoverTip title={`${amount} · ${containers}`}>
            <span>{amount} <Typography.Text type="secondary">{containers}</Typography.Text></span>
          </HoverTip>
        ) : amount;
      },
    }),
    col('expiry_date', { width: 100, title: t('records.field.expiry_date'), render: (v: string | null) => expiryDate(v, t) }),
    { key: 'ghs', dataIndex: 'ghs', title: t('records.field.ghs'), width: 90, render: (v: string[]) => <GhsIcons codes={v} size={18} /> },
    { key: 'lot_number', dataIndex: 'lot_number', title: t('records.field.lot_number'), ...ellipsisCell(90) },
    col('storage_location', ellipsisCell(120)),
    col('brand', ellipsisCell(100)),
    col('category', ellipsisCell(80)),
    // Last of the facts: an empty notes column before the location pushed it out of a 1366 px window.
    { key: 'notes', dataIndex: 'notes', title: t('records.field.notes'), ...ellipsisCell(120) },
    col('status', {
      width: 140,
      ellipsis: { showTitle: false },
      render: (s: string, r) => (r.borrowed_by_name ? <HoverTip title={r.borrowed_by_name}><span>{status(s)}{r.borrowed_by_name}</span></HoverTip> : status(s)),
    }),
  ];
}

function actionsColumn(c: ColumnContext): ColumnsType<InventoryItem>[number] {
  const { t, canWrite, isAdmin, run, setStock } = c;
  const confirmStep = (action: string, r: InventoryItem) => t('records.confirmAction', { action: t(`records.action.${action}`), name: r.name });
  // Translated once per language, not per row and answer.
  const L = {
    borrow: t('records.action.borrow'),
    return: t('records.action.return'),
    history: t('records.action.history'),
    label: t('labels.printLabel'),
    use: t('stock.action.use'),
    edit: t('records.action.edit'),
    move: t('locations.move'),
    consume: t('records.action.consume'),
    dispose: t('records.action.dispose'),
    split: t('stock.action.split'),
    adjust: t('stock.action.adjust'),
    delete: t('records.action.delete'),
    more: t('table.more'),
  };
  const can = (action: keyof typeof STOCK_ACTION_FROM, r: InventoryItem) => allowedFrom(STOCK_ACTION_FROM[action], r.status);
  return {
    key: 'actions',
    title: t('records.action.actions'),
    width: 150,
    fixed: 'right',
    // Kept as buttons: borrow and return (the daily use of the list; at most one applies to a
    // row) and history (the only action of the browse-only account). The rarer and
    // irreversible steps go into the menu.
    render: (_v, r) => (
      <RowActions
        moreLabel={L.more}
        visible={[
          { key: 'borrow', label: L.borrow, show: canWrite && can('borrow', r), onClick: () => setStock({ action: 'borrow', item: r }) },
          { key: 'return', label: L.return, show: canWrite && can('return', r) && (isAdmin || r.borrowed_by === c.userId), onClick: () => setStock({ action: 'return', item: r }) },
          { key: 'history', label: L.history, show: true, onClick: () => c.setHistory({ type: 'inventory_item', id: r.id, name: r.name }) },
        ]}
        more={[
          { key: 'label', label: L.label, show: canWrite, onClick: () => c.setLabelIds([r.id]) },
          { key: 'use', label: L.use, show: canWrite && can('use', r), onClick: () => setStock({ action: 'use', item: r }) },
          { key: 'edit', label: L.edit, show: canWrite, onClick: () => c.setEditing(r) },
          { key: 'move', label: L.move, show: canWrite && (r.status === 'in_stock' || r.status === 'borrowed'), onClick: () => c.setMoving(r) },
          { key: 'consume', label: L.consume, show: canWrite && can('consume', r), onClick: () => (r.controlled ? setStock({ action: 'consume', item: r }) : void run('consumeInventoryItem', { id: r.id }, confirmStep('consume', r))) },
          { key: 'dispose', label: L.dispose, show: canWrite && can('dispose', r), onClick: () => setStock({ action: 'dispose', item: r }) },
          { key: 'split', label: L.split, show: canWrite && can('split', r), onClick: () => setStock({ action: 'split', item: r }) },
          { key: 'adjust', label: L.adjust, show: isAdmin && can('adjust', r), onClick: () => setStock({ action: 'adjust', item: r }) },
          // A controlled item leaves through Dispose (the service refuses a delete: the ledger lists items by their row).
          { key: 'delete', label: L.delete, danger: true, show: isAdmin && !r.controlled, onClick: () => void run('deleteInventoryItem', { id: r.id }, t('records.confirmDelete')) },
        ]}
      />
    ),
  };
}

/** The same columns while nothing they show changes, so typing does not re-render the table. */
export function useInventoryColumns(c: ColumnContext): ColumnsType<InventoryItem> {
  const { t, col, canWrite, isAdmin, userId, run, setEditing, setHistory, setMoving, setLabelIds } = c;
  return useMemo(() => [...factColumns(c), actionsColumn(c)], [t, col, canWrite, isAdmin, userId, run, setEditing, setHistory, setMoving, setLabelIds]);
}
