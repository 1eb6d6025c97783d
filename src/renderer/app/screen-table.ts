// The screens by path: where each one's code is and what data it opens with. Free of React and
// antd, so the entry (main.tsx) can start a screen's chunk and first page before the app's own
// code has been evaluated; screens.ts turns these into the lazy components the shell routes to.
import { prefetchList } from '../records/list-prefetch';

export interface ScreenSource {
  path: string;
  labelKey: string;
  /** The screen's chunk; `exportName` is the component it exports. */
  load: () => Promise<Record<string, unknown>>;
  exportName: string;
  /** Shown and routed for administrators only. */
  adminOnly?: boolean;
  /** Asks for the data the screen opens with (its chunk may still be arriving); settles when answered. */
  prefetch?: () => Promise<unknown>;
}

export const screenTable: ScreenSource[] = [
  { path: '/home', labelKey: 'dashboard.nav', load: () => import('../dashboard/HomeScreen'), exportName: 'HomeScreen' },
  { path: '/inventory', labelKey: 'nav.inventory', load: () => import('../records/InventoryPage'), exportName: 'InventoryPage', prefetch: () => prefetchList('listInventory') },
  { path: '/reagent-orders', labelKey: 'nav.reagentOrders', load: () => import('../records/ReagentOrdersPage'), exportName: 'ReagentOrdersPage', prefetch: () => prefetchList('listReagentOrders') },
  { path: '/consumable-orders', labelKey: 'nav.consumableOrders', load: () => import('../records/ConsumableOrdersPage'), exportName: 'ConsumableOrdersPage', prefetch: () => prefetchList('listConsumableOrders') },
  { path: '/cart-import', labelKey: 'nav.cartImport', load: () => import('../cart-import/CartImportScreen'), exportName: 'CartImportScreen' },
  { path: '/stocktakes', labelKey: 'stocktake.nav', load: () => import('../stocktake/StocktakeScreen'), exportName: 'StocktakeScreen' },
  { path: '/controlled', labelKey: 'controlled.nav', load: () => import('../controlled/ControlledScreen'), exportName: 'ControlledScreen', adminOnly: true },
  { path: '/locations', labelKey: 'locations.nav', load: () => import('../locations/LocationsScreen'), exportName: 'LocationsScreen', adminOnly: true },
  { path: '/audit', labelKey: 'audit.nav', load: () => import('../audit/AuditScreen'), exportName: 'AuditScreen', adminOnly: true },
];

export function screenSourceAt(pathname: string): ScreenSource | undefined {
  return screenTable.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
