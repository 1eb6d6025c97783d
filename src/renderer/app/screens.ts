// The business screens in the navigation, in order. Each domain registers its screen here; each is
// its own chunk (app/lazy.tsx), fetched the first time the screen is shown.
import type { ComponentType } from 'react';
import { lazyNamed } from './lazy';

export interface ScreenEntry {
  path: string;
  labelKey: string;
  Component: ComponentType & { preload?: () => void };
  /** Shown and routed for administrators only. */
  adminOnly?: boolean;
}

export const screens: ScreenEntry[] = [
  { path: '/inventory', labelKey: 'nav.inventory', Component: lazyNamed(() => import('../records/InventoryPage'), 'InventoryPage') },
  { path: '/reagent-orders', labelKey: 'nav.reagentOrders', Component: lazyNamed(() => import('../records/ReagentOrdersPage'), 'ReagentOrdersPage') },
  { path: '/consumable-orders', labelKey: 'nav.consumableOrders', Component: lazyNamed(() => import('../records/ConsumableOrdersPage'), 'ConsumableOrdersPage') },
  { path: '/cart-import', labelKey: 'nav.cartImport', Component: lazyNamed(() => import('../cart-import/CartImportScreen'), 'CartImportScreen') },
  { path: '/audit', labelKey: 'audit.nav', Component: lazyNamed(() => import('../audit/AuditScreen'), 'AuditScreen'), adminOnly: true },
];

/**
 * Starts fetching the chunk of the screen at `pathname` (a reload or link straight to a screen) while
 * the session is still being checked, instead of after it. The login path and `/` fetch nothing.
 */
export function preloadScreen(pathname: string): void {
  screens.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`))?.Component.preload?.();
}
