// Handlers for the cart-import domain: cart-sync matching and the current batch with the items
// already submitted (lab.db's import_submissions, written with the orders themselves).
import type { AppServices } from '../app-services';
import { cartSync } from '../cart-import/cart-sync';
import { submissionsOfBatch } from '../records/import-submissions';
import type { HandlerTable } from './handlers';

type CartHandlerNames = 'cartSync' | 'getImportBatch';

export function cartHandlers(s: AppServices): Pick<HandlerTable, CartHandlerNames> {
  return {
    cartSync: ({ items }) => cartSync(s.dbs.lab, items),
    getImportBatch: () => {
      const view = s.cartImport.current();
      return view && { ...view, submitted: submissionsOfBatch(s.dbs.lab, view.batch.batch_id) };
    },
  };
}
