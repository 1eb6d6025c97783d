// Cart import (spec 001): the review screen reads the batch the bridge handed over, records which
// items became orders (so reopening never submits twice), and asks what already exists.
// The orders themselves go through createReagentOrder / createConsumableOrder (records.ts).
import { z } from 'zod';
import { op, returns } from './define';
import { empty, id, shortText } from './common';
import type { ImportBatch } from '../cart-batch';
import type { DuplicateReport } from '../records';

export interface SubmittedItem {
  order_type: 'reagent' | 'consumable';
  order_id: number;
  at: string;
  by: string;
}

export interface ImportBatchView {
  batch: ImportBatch;
  /** item_id → the order it became. */
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

const itemId = z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_.:-]{1,80}$/, 'letters, digits and _.:- only (1–80)');

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
            { error: 'must be a list' },
          )
          .min(1, 'send at least one item')
          .max(200, 'at most 200 items'),
      })
      .strict(),
    output: returns<CartSyncResult[]>(),
  }),
  getImportBatch: op({ method: 'GET', path: '/cart-import/batch', access: 'user', input: empty, output: returns<ImportBatchView | null>() }),
  claimImportItem: op({
    method: 'POST',
    path: '/cart-import/batch/claim',
    access: 'member',
    input: z
      .object({
        batch_id: z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a batch id'),
        item_id: itemId,
        token: z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a window token'),
      })
      .strict(),
    output: returns<{ ok: true }>(),
  }),
  markImportItemSubmitted: op({
    method: 'POST',
    path: '/cart-import/batch/submitted',
    access: 'member',
    input: z
      .object({
        batch_id: z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a batch id'),
        item_id: itemId,
        order_type: z.enum(['reagent', 'consumable'], { error: 'must be reagent or consumable' }),
        order_id: id,
      })
      .strict(),
    output: returns<ImportBatchView>(),
  }),
};
