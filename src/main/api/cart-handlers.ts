// Handlers for the cart-import domain: cart-sync matching and the current batch with the items
// already submitted (lab.db's import_submissions, written with the orders themselves).
import type { BatchStore } from '../cart-import/batch-store';
import type { CartReview } from '../cart-import';
import type { HandlerTable } from './handler-table';

type CartHandlerNames = 'cartSync' | 'getImportBatch';

export interface CartHandlerDeps {
  review: CartReview;
  cartImport: Pick<BatchStore, 'current'>;
}

export function cartHandlers(s: CartHandlerDeps): Pick<HandlerTable, CartHandlerNames> {
  return {
    cartSync: ({ items }) => s.review.cartSync(items),
    getImportBatch: async () => {
      const view = s.cartImport.current();
      return view && { ...view, submitted: await s.review.submitted(view.batch.batch_id) };
    },
  };
}
