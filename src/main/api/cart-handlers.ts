// Handlers for the cart-import domain: cart-sync matching and the current batch with the items
// already submitted (lab.db's import_submissions, written with the orders themselves).
import type { Db } from '../db/open';
import type { BatchStore } from '../cart-import/batch-store';
import { cartSync } from '../cart-import/cart-sync';
import { submissionsOfBatch } from '../cart-import/import-submissions';
import type { HandlerTable } from './handler-table';

type CartHandlerNames = 'cartSync' | 'getImportBatch';

export interface CartHandlerDeps {
  lab: Db;
  cartImport: Pick<BatchStore, 'current'>;
}

export function cartHandlers(s: CartHandlerDeps): Pick<HandlerTable, CartHandlerNames> {
  return {
    cartSync: ({ items }) => cartSync(s.lab, items),
    getImportBatch: () => {
      const view = s.cartImport.current();
      return view && { ...view, submitted: submissionsOfBatch(s.lab, view.batch.batch_id) };
    },
  };
}
