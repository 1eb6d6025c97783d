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
import { cachedT, casCell, deleteConfirm, ellipsisCell, HoverTip, locationCell, statusTag, type useRecordPage } from './list-kit';
import { useColumnPrefs } from './column-prefs';
import { RowActions, type RowAction } from './RowActions';
import { GhsIcons } from './GhsIcon';
import { amountText, containersShort, containersText, expiryDate } from './item-display';
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

/**
 * Shown by default: what a lab manager looks for on a 1366 × 768 laptop with the location tree
 * open (name with its controlled tag, CAS, amount, location, expiry, status); the rest is a tick
 * away in the column settings (column-prefs.tsx).
 */
export const INVENTORY_COLUMN_DEFAULTS = {
  hidden: ['english_name', 'specification', 'ghs', 'lot_number', 'brand', 'category', 'product_number', 'supplier', 'notes'],
  locked: ['name'],
} as const;

function factColumns({ t, col, setDetail }: ColumnContext): ColumnsType<InventoryItem> {
  const label = (r: InventoryItem) => (r.english_name ? `${r.name} (${r.english_name})` : r.name);
  const statusText = cachedT((key) => t(key));
  const status = (s: string) => statusTag(s, statusText(`records.status.${s}`));
  return [
    // The name opens the item's details (every field, the GHS pictograms large). Its whole text
    // (with the English name) shows on hover as the element's own title: a hover tip made on
    // first hover would re-create the link between a quick press and release, and the click
    // would be lost. A plain <a> in antd's link look (Typography.Link per row cost its style
    // hooks on every answer). The English name is a column of its own: beside the Chinese one
    // it pushed every other fact out of a laptop's window.
    col('name', {
      ...ellipsisCell(200),
      render: (_v: string, r) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <a className="cell-link" title={label(r)} onClick={() => setDetail(r)} data-testid="item-name" style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {r.name}
          </a>
          <PinyinMark id={r.id} />
          {r.controlled ? <ControlledTags flag={r.controlled} compact /> : null}
        </span>
      ),
    }),
    col('english_name', ellipsisCell(160)),
    col('cas_number', casCell),
    col('specification', ellipsisCell(90)),
    // "1500 g" and, kept as containers, "3 瓶" after it; "3 瓶 × 500 g" on hover (the whole of it
    // did not fit beside the location tree at 1366 px).
    col('quantity', {
      width: 130,
      ellipsis: { showTitle: false },
      render: (v: number, r) => {
        const amount = amountText(v, r.unit);
        const containers = containersShort(r, t);
        return containers ? (
          <HoverTip title={`${amount} · ${containersText(r, t)}`}>
            <span>{amount} <Typography.Text type="secondary">{containers}</Typography.Text></span>
          </HoverTip>
        ) : amount;
      },
    }),
    col('storage_location', locationCell(130)),
    col('expiry_date', { width: 96, title: t('records.field.expiry_date'), render: (v: string | null) => expiryDate(v, t) }),
    { key: 'ghs', dataIndex: 'ghs', title: t('records.field.ghs'), width: 90, render: (v: string[]) => <GhsIcons codes={v} size={18} /> },
    { key: 'lot_number', dataIndex: 'lot_number', title: t('records.field.lot_number'), ...ellipsisCell(90) },
    col('brand', ellipsisCell(100)),
    col('category', ellipsisCell(80)),
    col('product_number', ellipsisCell(100)),
    { key: 'supplier', dataIndex: 'supplier', title: t('records.field.supplier'), ...ellipsisCell(100) },
    { key: 'notes', dataIndex: 'notes', title: t('records.field.notes'), ...ellipsisCell(120) },
    // "借出：张三": who has it, in the status itself.
    col('status', {
      width: 110,
      ellipsis: { showTitle: false },
      render: (s: string, r) => (r.borrowed_by_name ? statusTag(s, t('records.borrowedBy', { status: statusText(`records.status.${s}`), name: r.borrowed_by_name })) : status(s)),
    }),
  ];
}

/** The action names, translated once per language (not per row and answer). */
export function actionLabels(t: ColumnContext['t']) {
  return {
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
}

/**
 * What this user may do with an item in its status, the row's and the details' alike: use first
 * (what a lab member opens the list for, many times a day), then borrowing, the steps that end an
 * item, the ones that reorganise it, and the admin's. `show` says which apply.
 */
export function itemActions(c: ColumnContext, L: ReturnType<typeof actionLabels>, r: InventoryItem): RowAction[] {
  const { t, canWrite, isAdmin, run, setStock } = c;
  const can = (action: keyof typeof STOCK_ACTION_FROM) => allowedFrom(STOCK_ACTION_FROM[action], r.status);
  const confirmStep = (action: string) => ({ title: t('records.confirmAction', { action: t(`records.action.${action}`), name: r.name, id: r.id }), okText: t(`records.action.${action}`) });
  return [
    { key: 'use', label: L.use, show: canWrite && can('use'), onClick: () => setStock({ action: 'use', item: r }) },
    { key: 'borrow', label: L.borrow, show: canWrite && can('borrow'), onClick: () => setStock({ action: 'borrow', item: r }) },
    { key: 'return', label: L.return, show: canWrite && can('return') && (isAdmin || r.borrowed_by === c.userId), onClick: () => setStock({ action: 'return', item: r }) },
    { key: 'consume', label: L.consume, show: canWrite && can('consume'), onClick: () => (r.controlled ? setStock({ action: 'consume', item: r }) : void run('consumeInventoryItem', { id: r.id }, confirmStep('consume'))) },
    { key: 'dispose', label: L.dispose, show: canWrite && can('dispose'), onClick: () => setStock({ action: 'dispose', item: r }) },
    { key: 'split', label: L.split, show: canWrite && can('split'), onClick: () => setStock({ action: 'split', item: r }) },
    { key: 'move', label: L.move, show: canWrite && (r.status === 'in_stock' || r.status === 'borrowed'), onClick: () => c.setMoving(r) },
    // The browse-only account prints from the details, where every action it has is at hand.
    { key: 'label', label: L.label, show: canWrite, onClick: () => c.setLabelIds([r.id]) },
    { key: 'history', label: L.history, show: true, onClick: () => c.setHistory({ type: 'inventory_item', id: r.id, name: r.name }) },
    { key: 'edit', label: L.edit, show: canWrite, onClick: () => c.setEditing(r) },
    { key: 'adjust', label: L.adjust, show: isAdmin && can('adjust'), onClick: () => setStock({ action: 'adjust', item: r }) },
    // A controlled item leaves through Dispose (the service refuses a delete: the ledger lists items by their row).
    { key: 'delete', label: L.delete, danger: true, show: isAdmin && !r.controlled, onClick: () => void run('deleteInventoryItem', { id: r.id }, deleteConfirm(t, r)) },
  ];
}

function actionsColumn(c: ColumnContext): ColumnsType<InventoryItem>[number] {
  const L = actionLabels(c.t);
  return {
    key: 'actions',
    title: c.t('records.action.actions'),
    width: 100,
    fixed: 'right',
    // Right-aligned, so the "⋯" of a row without Use (borrowed, used up) sits under the others.
    align: 'right',
    // One button: Use, the daily action (one click from the list). Everything else, borrowing
    // and history included, is in the menu, so the row's actions keep one narrow column beside
    // the facts at 1366 px.
    render: (_v, r) => {
      const [use, ...more] = itemActions(c, L, r);
      return <RowActions moreLabel={L.more} visible={[use!]} more={more} />;
    },
  };
}

/**
 * The same columns while nothing they show changes, so typing does not re-render the table; the
 * user's choice of columns and their order applied (column-prefs.tsx).
 */
export function useInventoryColumns(c: ColumnContext): ColumnsType<InventoryItem> {
  const { t, col, canWrite, isAdmin, userId, run, setEditing, setHistory, setMoving, setLabelIds } = c;
  const all = useMemo(() => [...factColumns(c), actionsColumn(c)], [t, col, canWrite, isAdmin, userId, run, setEditing, setHistory, setMoving, setLabelIds]);
  return useColumnPrefs('inventory', userId, all, INVENTORY_COLUMN_DEFAULTS);
}
