// Scanning (keyboard-wedge scanner: it types `LAB1:<id>` then Enter). Whatever box it lands in —
// a list's search box or the scan box — the item opens the way a click on its name opens it: the
// inventory page shows ItemDetail. The item is fetched first, so an unknown or deleted one is said
// plainly and nothing navigates; a found one is handed to the inventory page through this small
// store (the page may not be mounted yet: the store keeps it until the page takes it).
import { useEffect, useSyncExternalStore } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { ApiError, call } from '../api/client';
import type { InventoryItem } from '../../shared/records';

let pending: InventoryItem | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Opens item `id` (navigating to the inventory when elsewhere); answers an error text, or null. */
export async function openScannedItem(id: number, navigate: NavigateFunction, t: TFunction): Promise<string | null> {
  let item: InventoryItem;
  try {
    item = await call('getInventoryItem', { id });
  } catch (e) {
    if (e instanceof ApiError && e.code === 'not_found') return t('labels.noItem', { id });
    return (e as Error).message;
  }
  pending = item;
  notify();
  if (!window.location.hash.startsWith('#/inventory')) navigate('/inventory');
  return null;
}

/** The inventory page's side: shows a scanned item with `show` (its detail dialog). */
export function useScannedItem(show: (item: InventoryItem) => void): void {
  const item = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => pending,
  );
  useEffect(() => {
    if (!item) return;
    pending = null;
    show(item);
  }, [item, show]);
}
