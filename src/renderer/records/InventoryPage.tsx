// Inventory list: search, status filter, sort, paging, export, import; create/edit, the stock
// actions (use, borrow, return, consume, dispose, stocktake, split: StockDialog), move, delete and
// the history and ledger of each item; the location tree beside the list narrows it to a location
// and what is below it. The public account sees no
// write buttons (and the API refuses its writes anyway).
import { useMemo, useState, type ComponentProps, type Key } from 'react';
import { Button, Checkbox, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { InventoryItem } from '../../shared/records';
import { allowedFrom } from '../../shared/workflows';
import { cachedT, casCell, ellipsisCell, HoverTip, ListToolbar, RecordTable, selectionCell, statusTag, useRecordPage } from './list-kit';
import { RowActions } from './RowActions';
import { HistoryDrawer, ImportWizard, ItemDetail, RecordForm, StockDialog } from './dialogs';
import { GhsIcons } from './GhsIcon';
import { amountText, containersText, expiryDate } from './item-display';
import { STOCK_ACTION_FROM } from '../../shared/stock-actions';
import type { StockDialogAction } from './StockDialog';
import { LazyDialog, lazyNamed } from '../app/lazy';
import { LocationTreePanel, LocationTreeShow, useLocationTreeOpen } from '../locations/LocationTreePanel';
import type { MoveItemDialog as MoveItemDialogT } from '../locations/MoveItemDialog';
import { ControlledTags } from '../controlled/ControlledTags';
import { useControlled } from '../controlled/use-controlled';
import type { LabelDialog as LabelDialogT } from '../labels/LabelDialog';
import { useScannedItem } from '../labels/scan';

const MoveItemDialog = lazyNamed<ComponentProps<typeof MoveItemDialogT>>(() => import('../locations/MoveItemDialog'), 'MoveItemDialog');
const LabelDialog = lazyNamed<ComponentProps<typeof LabelDialogT>>(() => import('../labels/LabelDialog'), 'LabelDialog');

export function InventoryPage() {
  const { t, user, canWrite, isAdmin, list, run, editing, setEditing, history, setHistory, tableProps, col } = useRecordPage<InventoryItem>('listInventory', '/inventory/');
  const [importing, setImporting] = useState(false);
  const [stock, setStock] = useState<{ action: StockDialogAction; item: InventoryItem } | null>(null);
  const [moving, setMoving] = useState<InventoryItem | null>(null);
  const [treeOpen, setTreeOpen] = useLocationTreeOpen();
  const [detail, setDetail] = useState<InventoryItem | null>(null);
  // labels: the rows ticked for printing, and the label dialog's items; a scanned label opens its item.
  // The browse-only account prints from the item's details (its row keeps history as the only action).
  const [selected, setSelected] = useState<number[]>([]);
  const [labelIds, setLabelIds] = useState<number[] | null>(null);
  useScannedItem(setDetail);
  // The controlled lists stay loaded while the page is open, so only the rows with a flag need a tag component.
  useControlled();
  // Stable while the ticks are: a new object would re-render every row on each keystroke.
  const rowSelection = useMemo(() => ({ selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys as number[]), preserveSelectedRowKeys: true, columnWidth: 32, renderCell: selectionCell }), [selected]);

  // The same columns while nothing they show changes, so typing does not re-render the table.
  const columns = useMemo<ColumnsType<InventoryItem>>(() => {
    const label = (r: InventoryItem) => (r.english_name ? `${r.name} (${r.english_name})` : r.name);
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
      { key: 'notes', dataIndex: 'notes', title: t('records.field.notes'), ...ellipsisCell(120) },
      col('storage_location', ellipsisCell(120)),
      col('brand', ellipsisCell(100)),
      col('category', ellipsisCell(80)),
      col('status', {
        width: 140,
        ellipsis: { showTitle: false },
        render: (s: string, r) => (r.borrowed_by_name ? <HoverTip title={r.borrowed_by_name}><span>{status(s)}{r.borrowed_by_name}</span></HoverTip> : status(s)),
      }),
      {
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
              { key: 'borrow', label: L.borrow, show: canWrite && allowedFrom(STOCK_ACTION_FROM.borrow, r.status), onClick: () => setStock({ action: 'borrow', item: r }) },
              { key: 'return', label: L.return, show: canWrite && allowedFrom(STOCK_ACTION_FROM.return, r.status) && (isAdmin || r.borrowed_by === user.id), onClick: () => setStock({ action: 'return', item: r }) },
              { key: 'history', label: L.history, show: true, onClick: () => setHistory({ type: 'inventory_item', id: r.id, name: r.name }) },
            ]}
            more={[
              { key: 'label', label: L.label, show: canWrite, onClick: () => setLabelIds([r.id]) },
              { key: 'use', label: L.use, show: canWrite && allowedFrom(STOCK_ACTION_FROM.use, r.status), onClick: () => setStock({ action: 'use', item: r }) },
              { key: 'edit', label: L.edit, show: canWrite, onClick: () => setEditing(r) },
              { key: 'move', label: L.move, show: canWrite && (r.status === 'in_stock' || r.status === 'borrowed'), onClick: () => setMoving(r) },
              { key: 'consume', label: L.consume, show: canWrite && allowedFrom(STOCK_ACTION_FROM.consume, r.status), onClick: () => (r.controlled ? setStock({ action: 'consume', item: r }) : void run('consumeInventoryItem', { id: r.id }, confirmStep('consume', r))) },
              { key: 'dispose', label: L.dispose, show: canWrite && allowedFrom(STOCK_ACTION_FROM.dispose, r.status), onClick: () => setStock({ action: 'dispose', item: r }) },
              { key: 'split', label: L.split, show: canWrite && allowedFrom(STOCK_ACTION_FROM.split, r.status), onClick: () => setStock({ action: 'split', item: r }) },
              { key: 'adjust', label: L.adjust, show: isAdmin && allowedFrom(STOCK_ACTION_FROM.adjust, r.status), onClick: () => setStock({ action: 'adjust', item: r }) },
              // A controlled item leaves through Dispose (the service refuses a delete: the ledger lists items by their row).
              { key: 'delete', label: L.delete, danger: true, show: isAdmin && !r.controlled, onClick: () => void run('deleteInventoryItem', { id: r.id }, t('records.confirmDelete')) },
            ]}
          />
        ),
      },
    ];
  }, [t, col, canWrite, isAdmin, user.id, run, setEditing, setHistory, setMoving, setLabelIds]);

  // Elements kept while what they show is unchanged: a keystroke re-renders this page, not them.
  const { setLocation } = list;
  const locationId = list.view.location_id;
  const tree = useMemo(() => treeOpen && <LocationTreePanel selected={locationId} onSelect={setLocation} onHide={() => setTreeOpen(false)} />, [treeOpen, locationId, setLocation, setTreeOpen]);
  const { setControlled } = list;
  const controlledOnly = !!list.view.controlled;
  const heading = useMemo(
    () => (
      <Space align="baseline" size="middle">
        <Typography.Title level={3}>{t('records.title.inventory')}</Typography.Title>
        {!treeOpen && <LocationTreeShow onShow={() => setTreeOpen(true)} />}
        {/* on the title line: the toolbar below is full at 1366 px */}
        <Checkbox checked={controlledOnly} onChange={(e) => setControlled(e.target.checked)} data-testid="controlled-only">{t('controlled.only')}</Checkbox>
      </Space>
    ),
    [t, treeOpen, setTreeOpen, controlledOnly, setControlled],
  );
  const extra = useMemo(
    () => (
      <>
        {canWrite && (
          <>
            <Button type="primary" onClick={() => setEditing('new')}>{t('records.action.newItem')}</Button>
            <Button onClick={() => setImporting(true)}>{t('records.action.import')}</Button>
          </>
        )}
        {selected.length > 0 && <Button onClick={() => setLabelIds(selected)} data-testid="print-selected-labels">{t('labels.printSelected', { count: selected.length })}</Button>}
      </>
    ),
    [canWrite, selected, setEditing, t],
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {heading}
      <ListToolbar endpoint="/inventory/" list={list} extra={extra} />
      {list.error && <Typography.Text type="danger">{list.error}</Typography.Text>}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        {tree}
        <div style={{ flex: 1, minWidth: 0 }}>
          <RecordTable<InventoryItem> {...tableProps} columns={columns} rowSelection={rowSelection} />
        </div>
      </div>
      <LazyDialog open={moving !== null}>
        <MoveItemDialog item={moving} onClose={() => setMoving(null)} />
      </LazyDialog>
      <LazyDialog open={editing !== null}>
        <RecordForm kind="inventory" open={editing !== null} initial={editing === 'new' ? null : (editing as unknown as (Record<string, unknown> & { id: number }) | null)} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      </LazyDialog>
      <LazyDialog open={stock !== null}>
        <StockDialog action={stock?.action ?? null} item={stock?.item ?? null} onClose={() => setStock(null)} onDone={() => void list.reload()} />
      </LazyDialog>
      <LazyDialog open={history !== null}>
        <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      </LazyDialog>
      <LazyDialog open={detail !== null}>
        <ItemDetail item={detail} onClose={() => setDetail(null)} />
      </LazyDialog>
      <LazyDialog open={labelIds !== null}>
        <LabelDialog ids={labelIds} onClose={() => setLabelIds(null)} />
      </LazyDialog>
      {canWrite && (
        <LazyDialog open={importing}>
          <ImportWizard open={importing} onClose={() => setImporting(false)} />
        </LazyDialog>
      )}
    </Space>
  );
}
