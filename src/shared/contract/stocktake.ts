// Operations on stocktakes (盘点) of a location subtree: start, scan/tick, count, close with
// adjustments, the report. Viewing is for everyone signed in; counting for members and admins;
// starting, closing and cancelling for admins.
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { amount, id, labelLanguage as lang, secondPerson, shortText } from './common';
import type { ExportDownload } from '../records';
import type { ScanResult, Stocktake, StocktakeDetail, StocktakeReview } from '../stocktake';

const unit = shortText(20).optional();
const ids = z.array(id, { error: 'field.list' }).max(100_000, 'field.maxItems').default([]);

export const startStocktakeInput = z.object({ location_id: id, note: shortText(500).optional() }).strict();
/** The text a scanner typed (`LAB1:<id>`). */
export const scanInput = z.object({ id, payload: shortText(100) }).strict();
export const lineInput = z.object({ id, item_id: id }).strict();
export const countInput = z.object({ id, item_id: id, amount: amount({ allowZero: true }), unit }).strict();
export const closeInput = z
  .object({
    id,
    /** Every container not seen: set to 0 ('zero') or left as it is ('keep'). */
    missing: z.array(z.object({ item_id: id, action: z.enum(['zero', 'keep'], { error: 'field.oneOf' }) }).strict(), { error: 'field.list' }).max(100_000, 'field.maxItems').default([]),
    /** Counted containers NOT to adjust (the others take their counted amount). */
    keep: ids,
    /** Found containers to move into the stocktake's location (the others stay registered where they are). */
    move: ids,
    /** Needed when an adjusted item is a controlled chemical. */
    second_person: secondPerson.optional(),
  })
  .strict();

export type StartStocktakeInput = z.output<typeof startStocktakeInput>;
export type CountInput = z.output<typeof countInput>;
export type CloseStocktakeInput = z.output<typeof closeInput>;

const byId = z.object({ id }).strict();

export const stocktakeOps = {
  listStocktakes: op({ method: 'GET', path: '/stocktakes', access: 'user', input: z.object({}).strict(), output: returns<Stocktake[]>() }),
  startStocktake: op({ method: 'POST', path: '/stocktakes', access: 'admin', input: startStocktakeInput, output: returns<Stocktake>() }),
  getStocktake: op({ method: 'GET', path: '/stocktakes/:id', access: 'user', input: byId, output: returns<StocktakeDetail>() }),
  scanStocktake: op({ method: 'POST', path: '/stocktakes/:id/scan', access: 'member', input: scanInput, output: returns<ScanResult>() }),
  tickStocktake: op({ method: 'POST', path: '/stocktakes/:id/tick', access: 'member', input: lineInput, output: returns<ScanResult>() }),
  untickStocktake: op({ method: 'POST', path: '/stocktakes/:id/untick', access: 'member', input: lineInput, output: returns<Stocktake>() }),
  countStocktake: op({ method: 'POST', path: '/stocktakes/:id/count', access: 'member', input: countInput, output: returns<Stocktake>() }),
  reviewStocktake: op({ method: 'GET', path: '/stocktakes/:id/review', access: 'admin', input: byId, output: returns<StocktakeReview>() }),
  closeStocktake: op({ method: 'POST', path: '/stocktakes/:id/close', access: 'admin', input: closeInput, output: returns<Stocktake>() }),
  cancelStocktake: op({ method: 'POST', path: '/stocktakes/:id/cancel', access: 'admin', input: byId, output: returns<Stocktake>() }),
  stocktakeReport: op({
    method: 'GET',
    path: '/stocktakes/:id/report',
    access: 'user',
    input: z.object({ id, lang }).strict(),
    output: returns<ExportDownload>(),
    download: true,
  }),
} satisfies Record<string, OperationDef>;
