// The inventory page's dialogs (each loaded on first open) and which item each is open for.
import { useState, type ComponentProps } from 'react';
import type { InventoryItem } from '../../shared/records';
import { LazyDialog, lazyNamed } from '../app/lazy';
import type { MoveItemDialog as MoveItemDialogT } from '../locations/MoveItemDialog';
import type { LabelDialog as LabelDialogT } from '../labels/LabelDialog';
import { HistoryDrawer, ImportWizard, ItemDetail, RecordForm, StockDialog } from './dialogs';
import { actionLabels, itemActions, type ColumnContext, type StockTarget } from './inventory-columns';
import type { useRecordPage } from './list-kit';

const MoveItemDialog = lazyNamed<ComponentProps<typeof MoveItemDialogT>>(() => import('../locations/MoveItemDialog'), 'MoveItemDialog');
const LabelDialog = lazyNamed<ComponentProps<typeof LabelDialogT>>(() => import('../labels/LabelDialog'), 'LabelDialog');

export function useInventoryDialogState() {
  const [importing, setImporting] = useState(false);
  const [stock, setStock] = useState<StockTarget | null>(null);
  const [moving, setMoving] = useState<InventoryItem | null>(null);
  const [detail, setDetail] = useState<InventoryItem | null>(null);
  const [labelIds, setLabelIds] = useState<number[] | null>(null);
  return { importing, setImporting, stock, setStock, moving, setMoving, detail, setDetail, labelIds, setLabelIds };
}

type Page = Pick<ReturnType<typeof useRecordPage<InventoryItem>>, 'canWrite' | 'list' | 'editing' | 'setEditing' | 'history' | 'setHistory'> & ColumnContext;

/**
 * A fragment, called rather than mounted: the page's vertical Space flattens it, so each dialog
 * keeps its own slot in the page's column as before the split.
 */
export function inventoryDialogs(page: Page, d: ReturnType<typeof useInventoryDialogState>) {
  const { canWrite, list, editing, setEditing, history, setHistory } = page;
  // The details offer the row's actions, on the item as it is now.
  const actionsFor = (item: InventoryItem) => itemActions(page, actionLabels(page.t), item);
  return (
    <>
      <LazyDialog open={d.moving !== null}>
        <MoveItemDialog item={d.moving} onClose={() => d.setMoving(null)} />
      </LazyDialog>
      <LazyDialog open={editing !== null}>
        <RecordForm kind="inventory" open={editing !== null} initial={editing === 'new' ? null : (editing as unknown as (Record<string, unknown> & { id: number }) | null)} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      </LazyDialog>
      <LazyDialog open={d.stock !== null}>
        <StockDialog action={d.stock?.action ?? null} item={d.stock?.item ?? null} onClose={() => d.setStock(null)} onDone={() => void list.reload()} />
      </LazyDialog>
      <LazyDialog open={history !== null}>
        <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      </LazyDialog>
      <LazyDialog open={d.detail !== null}>
        <ItemDetail item={d.detail} onClose={() => d.setDetail(null)} actionsFor={actionsFor} />
      </LazyDialog>
      <LazyDialog open={d.labelIds !== null}>
        <LabelDialog ids={d.labelIds} onClose={() => d.setLabelIds(null)} />
      </LazyDialog>
      {canWrite && (
        <LazyDialog open={d.importing}>
          <ImportWizard open={d.importing} onClose={() => d.setImporting(false)} />
        </LazyDialog>
      )}
    </>
  );
}
