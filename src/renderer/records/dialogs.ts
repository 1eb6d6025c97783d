// The record pages' dialogs as their own chunks (app/lazy.tsx): fetched when first opened, not
// with the list, so a list shows its rows without waiting for form, history or import code.
import type { ComponentProps } from 'react';
import { lazyNamed } from '../app/lazy';
import type { RecordForm as RecordFormT } from './RecordForm';
import type { HistoryDrawer as HistoryDrawerT } from './HistoryDrawer';
import type { ImportWizard as ImportWizardT } from './ImportWizard';
import type { StockDialog as StockDialogT } from './StockDialog';
import type { ItemDetail as ItemDetailT } from './ItemDetail';
import type { StockInDialog as StockInDialogT } from './StockInDialog';

export const RecordForm = lazyNamed<ComponentProps<typeof RecordFormT>>(() => import('./RecordForm'), 'RecordForm');
export const HistoryDrawer = lazyNamed<ComponentProps<typeof HistoryDrawerT>>(() => import('./HistoryDrawer'), 'HistoryDrawer');
export const ImportWizard = lazyNamed<ComponentProps<typeof ImportWizardT>>(() => import('./ImportWizard'), 'ImportWizard');
export const StockDialog = lazyNamed<ComponentProps<typeof StockDialogT>>(() => import('./StockDialog'), 'StockDialog');
export const ItemDetail = lazyNamed<ComponentProps<typeof ItemDetailT>>(() => import('./ItemDetail'), 'ItemDetail');
export const StockInDialog = lazyNamed<ComponentProps<typeof StockInDialogT>>(() => import('./StockInDialog'), 'StockInDialog');
