// Inventory list: search, status filter, sort, paging, export, import; create/edit, the stock
// actions (use, borrow, return, consume, dispose, stocktake, split: StockDialog), move, delete and
// the history and ledger of each item; the location tree beside the list narrows it to a location
// and what is below it. The public account sees no write buttons (and the API refuses its writes
// anyway). The columns are in inventory-columns, the dialogs in inventory-dialogs.
import { useMemo, useState, type Key } from 'react';
import { Button, Checkbox, Space, Typography } from 'antd';
import type { InventoryItem } from '../../shared/records';
import { ListToolbar, RecordTable, selectionCell, useRecordPage } from './list-kit';
import { LocationTreePanel, LocationTreeShow, useLocationTreeOpen } from '../locations/LocationTreePanel';
import { useControlled } from '../controlled/use-controlled';
import { useScannedItem } from '../labels/scan';
import { useInventoryColumns } from './inventory-columns';
import { inventoryDialogs, useInventoryDialogState } from './inventory-dialogs';

export function InventoryPage() {
  const page = useRecordPage<InventoryItem>('listInventory', '/inventory/');
  const { t, canWrite, list, setEditing, tableProps } = page;
  const dialogs = useInventoryDialogState();
  const { setLabelIds } = dialogs;
  const [treeOpen, setTreeOpen] = useLocationTreeOpen();
  // labels: the rows ticked for printing, and the label dialog's items; a scanned label opens its item.
  // The browse-only account prints from the item's details (its row keeps history as the only action).
  const [selected, setSelected] = useState<number[]>([]);
  useScannedItem(dialogs.setDetail);
  // The controlled lists stay loaded while the page is open, so only the rows with a flag need a tag component.
  useControlled();
  // Stable while the ticks are: a new object would re-render every row on each keystroke.
  const rowSelection = useMemo(() => ({ selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys as number[]), preserveSelectedRowKeys: true, columnWidth: 32, renderCell: selectionCell }), [selected]);
  const context = { ...page, ...dialogs, userId: page.user.id };
  const columns = useInventoryColumns(context);

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
            <Button onClick={() => dialogs.setImporting(true)}>{t('records.action.import')}</Button>
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
      {inventoryDialogs(context, dialogs)}
    </Space>
  );
}
