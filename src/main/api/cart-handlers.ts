// Handlers for the cart-import domain: cart-sync matching, the current batch, submitted items.
import { AppError } from '../../shared/errors';
import type { Db } from '../db/open';
import type { BatchStore } from '../cart-import/batch-store';
import { cartSync } from '../cart-import/cart-sync';
import { requireUser } from './context';
import type { HandlerTable } from './handler-table';

type CartHandlerNames = 'cartSync' | 'getImportBatch' | 'claimImportItem' | 'markImportItemSubmitted';

export interface CartHandlerDeps {
  lab: Db;
  cartImport: Pick<BatchStore, 'current' | 'claimItem' | 'markSubmitted'>;
}

export function cartHandlers(s: CartHandlerDeps): Pick<HandlerTable, CartHandlerNames> {
  return {
    cartSync: ({ items }) => cartSync(s.lab, items),
    getImportBatch: () => s.cartImport.current(),
    claimImportItem: ({ batch_id, item_id, token }) => {
      s.cartImport.claimItem(batch_id, item_id, token);
      return { ok: true as const };
    },
    markImportItemSubmitted: ({ batch_id, item_id, order_type, order_id }, ctx) => {
      const user = requireUser(ctx);
      // The order must exist and be the caller's own: the mark cannot point at someone else's order.
      const table = order_type === 'reagent' ? 'reagent_orders' : 'consumable_orders';
      const row = s.lab.prepare(`SELECT applicant_id FROM ${table} WHERE id = ?`).get(order_id) as { applicant_id: number } | undefined;
      if (!row) throw new AppError('not_found', `${order_type === 'reagent' ? 'Reagent' : 'Consumable'} order #${order_id} does not exist.`, { order_id: 'no such order' });
      if (row.applicant_id !== user.id) throw new AppError('forbidden', `Order #${order_id} was not created by you.`, { order_id: 'not your order' });
      return s.cartImport.markSubmitted(batch_id, item_id, { order_type, order_id, by: user.displayName });
    },
  };
}
