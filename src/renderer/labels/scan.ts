// Scanning (keyboard-wedge scanner: it types `LAB1:<id>` then Enter). Whatever box it lands in —
// a list's search box or the scan box — the item opens the way a click on its name opens it: the
// inventory page shows ItemDetail. The item is fetched first, so an unknown or deleted one is said
// plainly and nothing navigates; a found one is handed to the inventory page through this small
// store (the page may not be mounted yet: the store keeps it until the page takes it).
import { useEffect } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { ApiError, call } from '../api/client';
import { createStore } from '../app/store';
import type { InventoryItem } from '../../shared/records';

const pending = createStore<InventoryItem | null>(null);

/** Opens item `id` (navigating to the inventory when elsewhere); answers an error text, or null. */
export async function openScannedItem(id: number, navigate: NavigateFunction, t: TFunction): Promise<string | null> {
  let item: InventoryItem;
  try {
    item = await call('getInventoryItem', { id });
  } catch (e) {
    if (e instanceof ApiError && e.code === 'not_found') return t('labels.noItem', { id });
    return (e as Error).message;
  }
  pending.set(item);
  if (!window.location.hash.startsWith('#/inventory')) navigate('/inventory');
  return null;
}

/** The inventory page's side: shows a scanned item with `show` (its detail dialog). */
export function useScannedItem(show: (item: InventoryItem) => void): void {
  const item = pending.use();
  useEffect(() => {
    if (!item) return;
    pending.set(null);
    show(item);
  }, [item, show]);
}
