// Operations on the stock ledger: amounts that move (use, adjust, split; borrow, return, consume and
// dispose live in records.ts under their older paths) and an item's movements (list and export).
import { z } from 'zod';
import { op, returns } from './define';
import { amount, calendarDate, id, labelLanguage, numeric, requiredText, secondPerson, shortText } from './common';
import type { ExportDownload, InventoryItem } from '../records';
import type { StockMovement } from '../stock';

const unit = shortText(20);
const note = shortText(500);

/** Controlled chemicals: who confirms a change of the balance (stock/second-person.ts). */
const second_person = secondPerson.optional();

export const useInput = z.object({ id, amount: amount(), unit, note: note.optional(), second_person }).strict();
export const adjustInput = z.object({ id, amount: amount({ allowZero: true }), unit, reason: requiredText(500), second_person }).strict();
export const splitInput = z
  .object({
    id,
    /** Whole containers to take (needs the item's container size) … */
    containers: numeric(z.number({ error: 'field.number' }).int('field.wholeNumber').positive('field.positive')).optional(),
    /** … or an amount in `unit`. */
    amount: amount().optional(),
    unit: unit.optional(),
    location_id: id.nullable().optional(),
    note: note.optional(),
  })
  .strict();
/** Optional amount for borrow/return/dispose: absent means "all" (the balance, or what was borrowed). */
export const optionalAmount = { amount: amount().optional(), unit: unit.optional() };
/**
 * A controlled item's borrowing needs `second_person` (it leaves the cabinet) and `purpose` (用途,
 * shown in the controlled ledger); for other items the purpose is optional.
 */
export const borrowInput = z.object({ id, ...optionalAmount, due_date: calendarDate.optional(), purpose: shortText(200).optional(), second_person }).strict();
/** `second_person`: needed for a controlled item when part of it is not returned (counted as used). */
export const returnInput = z.object({ id, ...optionalAmount, second_person }).strict();
export const disposeInput = z.object({ id, reason: requiredText(500), ...optionalAmount, second_person }).strict();
export const consumeInput = z.object({ id, second_person }).strict();

export type UseInput = z.output<typeof useInput>;
export type AdjustInput = z.output<typeof adjustInput>;
export type SplitInput = z.output<typeof splitInput>;
export type BorrowInput = z.output<typeof borrowInput>;
export type ReturnInput = z.output<typeof returnInput>;
export type DisposeInput = z.output<typeof disposeInput>;
export type ConsumeInput = z.output<typeof consumeInput>;

export const stockOps = {
  useInventoryItem: op({ method: 'POST', path: '/inventory/:id/use', access: 'member', input: useInput, output: returns<InventoryItem>() }),
  adjustInventoryItem: op({ method: 'POST', path: '/inventory/:id/adjust', access: 'admin', input: adjustInput, output: returns<InventoryItem>() }),
  splitInventoryItem: op({ method: 'POST', path: '/inventory/:id/split', access: 'member', input: splitInput, output: returns<{ item: InventoryItem; newItem: InventoryItem }>() }),
  listMovements: op({ method: 'GET', path: '/inventory/:id/movements', access: 'user', input: z.object({ id }).strict(), output: returns<StockMovement[]>() }),
  exportMovements: op({
    method: 'GET',
    path: '/inventory/:id/movements/export',
    access: 'user',
    input: z
      .object({
        id,
        format: z.enum(['csv', 'xlsx'], { error: 'field.oneOf' }),
        lang: labelLanguage,
      })
      .strict(),
    output: returns<ExportDownload>(),
    download: true,
  }),
};
