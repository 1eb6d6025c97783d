// The business screens in the navigation, in order. Each domain registers its screen here.
import type { ComponentType } from 'react';
import { NotBuiltYet } from '../screens/NotBuiltYet';
import { CartImportScreen } from '../cart-import/CartImportScreen';

export interface ScreenEntry {
  path: string;
  labelKey: string;
  Component: ComponentType;
}

export const screens: ScreenEntry[] = [
  { path: '/inventory', labelKey: 'nav.inventory', Component: NotBuiltYet },
  { path: '/reagent-orders', labelKey: 'nav.reagentOrders', Component: NotBuiltYet },
  { path: '/consumable-orders', labelKey: 'nav.consumableOrders', Component: NotBuiltYet },
  { path: '/cart-import', labelKey: 'nav.cartImport', Component: CartImportScreen },
];
