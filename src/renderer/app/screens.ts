// The business screens in the navigation, in order. Each domain registers its screen here.
import type { ComponentType } from 'react';
import { CartImportScreen } from '../cart-import/CartImportScreen';
import { InventoryPage } from '../records/InventoryPage';
import { ReagentOrdersPage } from '../records/ReagentOrdersPage';
import { ConsumableOrdersPage } from '../records/ConsumableOrdersPage';
import { AuditScreen } from '../audit/AuditScreen';

export interface ScreenEntry {
  path: string;
  labelKey: string;
  Component: ComponentType;
  /** Shown and routed for administrators only. */
  adminOnly?: boolean;
}

export const screens: ScreenEntry[] = [
  { path: '/inventory', labelKey: 'nav.inventory', Component: InventoryPage },
  { path: '/reagent-orders', labelKey: 'nav.reagentOrders', Component: ReagentOrdersPage },
  { path: '/consumable-orders', labelKey: 'nav.consumableOrders', Component: ConsumableOrdersPage },
  { path: '/cart-import', labelKey: 'nav.cartImport', Component: CartImportScreen },
  { path: '/audit', labelKey: 'audit.nav', Component: AuditScreen, adminOnly: true },
];
