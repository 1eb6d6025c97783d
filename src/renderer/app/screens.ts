// The business screens in the navigation, in order. Each domain registers its screen here; each is
// its own chunk (app/lazy.tsx), fetched the first time the screen is shown.
import type { ComponentType } from 'react';
import { lazyNamed } from './lazy';
import { prefetchList } from '../records/list-prefetch';

export interface ScreenEntry {
  path: string;
  labelKey: string;
  Component: ComponentType & { preload?: () => Promise<unknown> };
  /** Shown and routed for administrators only. */
  adminOnly?: boolean;
  /** Asks for the data the screen opens with (its chunk may still be arriving); settles when answered. */
  prefetch?: () => Promise<unknown>;
}

export const screens: ScreenEntry[] = [
  { path: '/home', labelKey: 'dashboard.nav', Component: lazyNamed(() => import('../dashboard/HomeScreen'), 'HomeScreen') },
  { path: '/inventory', labelKey: 'nav.inventory', Component: lazyNamed(() => import('../records/InventoryPage'), 'InventoryPage'), prefetch: () => prefetchList('listInventory') },
  { path: '/reagent-orders', labelKey: 'nav.reagentOrders', Component: lazyNamed(() => import('../records/ReagentOrdersPage'), 'ReagentOrdersPage'), prefetch: () => prefetchList('listReagentOrders') },
  { path: '/consumable-orders', labelKey: 'nav.consumableOrders', Component: lazyNamed(() => import('../records/ConsumableOrdersPage'), 'ConsumableOrdersPage'), prefetch: () => prefetchList('listConsumableOrders') },
  { path: '/cart-import', labelKey: 'nav.cartImport', Component: lazyNamed(() => import('../cart-import/CartImportScreen'), 'CartImportScreen') },
  { path: '/stocktakes', labelKey: 'stocktake.nav', Component: lazyNamed(() => import('../stocktake/StocktakeScreen'), 'StocktakeScreen') },
  { path: '/controlled', labelKey: 'controlled.nav', Component: lazyNamed(() => import('../controlled/ControlledScreen'), 'ControlledScreen'), adminOnly: true },
  { path: '/locations', labelKey: 'locations.nav', Component: lazyNamed(() => import('../locations/LocationsScreen'), 'LocationsScreen'), adminOnly: true },
  { path: '/audit', labelKey: 'audit.nav', Component: lazyNamed(() => import('../audit/AuditScreen'), 'AuditScreen'), adminOnly: true },
];

/**
 * Starts fetching the chunk of the screen at `pathname` (a reload or link straight to a screen) while
 * the session is still being checked, instead of after it. The login path and `/` fetch nothing.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  return screenAt(pathname)?.Component.preload?.() ?? Promise.resolve();
}

/** Asks for the first data of the screen at `pathname`, if it has any (see records/list-prefetch.ts). */
export function prefetchScreenData(pathname: string): Promise<unknown> {
  return screenAt(pathname)?.prefetch?.() ?? Promise.resolve();
}

function screenAt(pathname: string): ScreenEntry | undefined {
  return screens.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
