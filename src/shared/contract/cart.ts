// Cart import (spec 001): the review screen reads the batch the bridge handed over, with the items
// already turned into orders (lab.db), and asks what already exists. The orders themselves go
// through createReagentOrder / createConsumableOrder (records.ts) with an `import_ref`, which
// records the submission in the order's transaction and makes a second submission return the first.
import { z } from 'zod';
import { op, returns } from './define';
import { empty, shortText } from './common';
import { batchItemSchema, importBatchSchema, type ImportBatch } from '../cart-batch';
import type { DuplicateReport } from '../records';

export interface SubmittedItem {
  order_type: 'reagent' | 'consumable';
  order_id: number;
  at: string;
  by: string;
}

/** The batch item an order is made from; optional on the order-creation inputs. */
export const importRefInput = z.object({ batch_id: importBatchSchema.shape.batch_id, item_id: batchItemSchema.shape.item_id }).strict();
export type ImportRef = z.output<typeof importRefInput>;

/** What the order endpoints answer: the order, with `existing` when the item was submitted before. */
export type ImportAnswer<T> = T & { existing?: true };

export interface ImportBatchView {
  batch: ImportBatch;
  /** item_id → the order it became (from lab.db's import_submissions). */
  submitted: Record<string, SubmittedItem>;
  received_at: string;
  expires_at: string;
}

export interface CartSyncResult {
  item_id: string;
  /** Open reagent orders (pending approval, approved, arrived) with the same CAS or product number + brand. */
  orders: DuplicateReport['orders'];
  /** Inventory still present (in stock, borrowed). */
  inventory: DuplicateReport['inventory'];
  /** English name of an existing record with the same CAS (offline completion), '' if none. */
  english_name: string;
}

const itemId = batchItemSchema.shape.item_id;

export const cartOps = {
  cartSync: op({
    method: 'POST',
    path: '/cart-sync',
    access: 'user',
    input: z
      .object({
        items: z
          .array(
            z.object({ item_id: itemId, cas_number: shortText(60).optional().default(''), product_number: shortText(100).optional().default(''), brand: shortText(100).optional().default('') }).strict(),
            { error: 'field.list' },
          )
          .min(1, 'field.sendItems')
          .max(200, 'at most 200 items'),
      })
      .strict(),
    output: returns<CartSyncResult[]>(),
  }),
  getImportBatch: op({ method: 'GET', path: '/cart-import/batch', access: 'user', input: empty, output: returns<ImportBatchView | null>() }),
};
