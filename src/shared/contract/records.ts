// Operations on lab records: inventory, reagent orders, consumable orders — lists with search,
// workflows, history, duplicate check, bulk import and export. Inputs are snake_case like the
// records themselves (the cart-import page posts the same bodies to the order endpoints).
import { z } from 'zod';
import { op, returns } from './define';
import { amount, calendarDate, flag, ghsList, id, numeric, page, pageSize, requiredText, shortText } from './common';
import {
  IMPORT_COLUMNS,
  IMPORT_DUPLICATE_CHOICES,
  LIST_ENDPOINTS,
  LISTS,
  RECORD_ENTITY_TYPES,
  type ConsumableOrder,
  type DuplicateReport,
  type ExportDownload,
  type HistoryEntry,
  type ImportPreview,
  type ImportProgress,
  type ImportResult,
  type InventoryItem,
  type ListResult,
  type ListEndpoint,
  type ReagentOrder,
  statusFilterValues,
} from '../records';
import { decodeCursor } from '../list-cursor';
import { importRefInput, type ImportAnswer } from './cart';
import { ALERT_FILTERS } from './dashboard';
import { borrowInput, consumeInput, disposeInput, returnInput } from './stock';

const quantity = numeric(z.number({ error: 'field.number' }).refine(Number.isFinite, 'field.number').positive('field.positive').max(1e9, 'field.tooLarge'));
const stockQuantity = amount({ allowZero: true });
const unitPrice = numeric(z.number({ error: 'field.number' }).refine(Number.isFinite, 'field.number').min(0, 'field.notNegative').max(1e9, 'field.tooLarge')).nullable();
const cas = shortText(60);
const hazardous = flag;

const listCursor = z.string({ error: 'field.invalid' }).refine((s) => decodeCursor(s) !== null, 'field.invalid');

/** `col` or `-col`; empty: no column picked (search hits by relevance, otherwise newest first). */
function sortValues(e: ListEndpoint): [string, ...string[]] {
  const cols: readonly string[] = LISTS[e].sortable;
  return ['', ...cols, ...cols.map((c) => `-${c}`)] as [string, ...string[]];
}

function listQuery(e: ListEndpoint) {
  const statuses = statusFilterValues(e);
  const fields: readonly string[] = LISTS[e].indexed;
  return z
    .object({
      search: shortText(200).optional().default(''),
      field: z.enum(['all', ...fields], { error: 'field.oneOf' }).optional().default('all'),
      status: z.union([z.literal(''), z.enum(statuses, { error: 'field.oneOf' })]).optional().default(''),
      sort: z.enum(sortValues(e), { error: 'field.notSortable' }).optional().default(''),
      page,
      pageSize,
      /** Keyset cursors (shared/list-cursor.ts) from the previous answer: `after` its last row, for
       *  the next page; `before` its first row, for the page before. */
      after: listCursor.optional(),
      before: listCursor.optional(),
      /** True only when the user submitted the search box (search memory records it). */
      submitted: flag.optional(),
    })
    .strict();
}

const inventoryFields = {
  name: requiredText(200),
  english_name: shortText(200).optional(),
  cas_number: cas.optional(),
  cas_override: z.boolean({ error: 'field.boolean' }).optional(),
  specification: shortText(100).optional(),
  quantity: stockQuantity,
  unit: shortText(20).optional(),
  storage_location: shortText(200).optional(),
  brand: shortText(100).optional(),
  category: shortText(100).optional(),
  product_number: shortText(100).optional(),
  hazardous: hazardous.optional(),
  // stock (lab.db v7)
  location_id: id.nullable().optional(),
  container_size: amount().nullable().optional(),
  container_label: shortText(20).optional(),
  lot_number: shortText(100).optional(),
  expiry_date: calendarDate.optional(),
  received_date: calendarDate.optional(),
  opened_date: calendarDate.optional(),
  supplier: shortText(200).optional(),
  min_stock: amount({ allowZero: true }).nullable().optional(),
  ghs: ghsList.optional(),
  notes: shortText(2000).optional(),
};

const reagentFields = {
  name: requiredText(200),
  english_name: shortText(200).optional(),
  cas_number: cas.optional(),
  /** Keep a CAS whose check digit fails (published numbers are sometimes wrong). */
  cas_override: z.boolean({ error: 'field.boolean' }).optional(),
  specification: shortText(100).optional(),
  quantity,
  unit_price: unitPrice.optional(),
  brand: shortText(100).optional(),
  category: shortText(100).optional(),
  product_number: shortText(100).optional(),
  hazardous: hazardous.optional(),
  notes: shortText(2000).optional(),
  /** Where it is bought (supplier site or dealer); stock-in copies it to the item. */
  supplier: shortText(200).optional(),
};

/**
 * Stock-in of a reagent order. The location is `location_id` (a tree node) or its text
 * (`storage_location`, older callers; made a node when new); one of them is needed. Without an
 * amount the item holds the order's quantity × its specification's size ("2" × "500 g" → 1000 g
 * in containers of 500 g); `unit` a container word (瓶) with no amount does the same.
 */
export const stockInInput = z
  .object({
    id,
    location_id: id.nullable().optional(),
    storage_location: shortText(200).optional(),
    quantity: stockQuantity.optional(),
    unit: shortText(20).optional(),
    container_size: amount().nullable().optional(),
    container_label: shortText(20).optional(),
    lot_number: shortText(100).optional(),
    expiry_date: calendarDate.optional(),
    received_date: calendarDate.optional(),
    supplier: shortText(200).optional(),
  })
  .strict();
export type StockInInput = z.output<typeof stockInInput>;

const consumableFields = {
  name: requiredText(200),
  specification: shortText(100).optional(),
  quantity,
  unit_price: unitPrice.optional(),
  communication: shortText(500).optional(),
  notes: shortText(2000).optional(),
};

export const inventoryCreateInput = z.object(inventoryFields).strict();
export const inventoryUpdateInput = z.object({ id, ...z.object(inventoryFields).partial().shape }).strict();
/** `import_ref`: the cart-import item the order is made from (one order per item, cart.ts). */
export const reagentCreateInput = z.object({ ...reagentFields, import_ref: importRefInput.optional() }).strict();
export const reagentUpdateInput = z.object({ id, ...z.object(reagentFields).partial().shape }).strict();
export const consumableCreateInput = z.object({ ...consumableFields, import_ref: importRefInput.optional() }).strict();
export const consumableUpdateInput = z.object({ id, ...z.object(consumableFields).partial().shape }).strict();

export type InventoryCreate = z.output<typeof inventoryCreateInput>;
export type InventoryUpdate = z.output<typeof inventoryUpdateInput>;
export type ReagentCreate = z.output<typeof reagentCreateInput>;
export type ReagentUpdate = z.output<typeof reagentUpdateInput>;
export type ConsumableCreate = z.output<typeof consumableCreateInput>;
export type ConsumableUpdate = z.output<typeof consumableUpdateInput>;

/** `alert`: only the items of one home-screen alert (src/main/dashboard); `location_id`: only items
 *  at that node and below (the tree beside the inventory list). */
export const inventoryListInput = listQuery('/inventory/').extend({
  alert: z.enum(ALERT_FILTERS, { error: 'field.oneOf' }).optional(),
  location_id: id.optional(),
  /** Controlled chemicals only (issue 11; the partial index inventory_items_controlled). */
  controlled: flag.optional(),
});
export const reagentListInput = listQuery('/reagent-orders/');
export const consumableListInput = listQuery('/consumable-orders/');
export type ListQuery = z.output<typeof inventoryListInput>;

const byId = z.object({ id }).strict();
const reason = z.object({ id, reason: requiredText(500) }).strict();
const endpoint = z.enum(LIST_ENDPOINTS, { error: 'field.oneOf' });
const mapping = z.partialRecord(z.enum(IMPORT_COLUMNS, { error: 'field.oneOf' }), z.number().int().min(0).max(500));
/** How the rows of an import file are read: the header row (its spreadsheet row number; found by
 *  the service when left out), section headings as categories, bad CAS check digits kept. */
const importLayout = {
  headerRow: z.number().int().min(1).max(1_048_576).optional(),
  sectionAsCategory: z.boolean({ error: 'field.boolean' }).optional(),
  keepBadCasCheckDigits: z.boolean({ error: 'field.boolean' }).optional(),
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES, { error: 'field.oneOf' }).optional(),
};

export const recordsOps = {
  // --- inventory ---
  listInventory: op({ method: 'GET', path: '/inventory/', access: 'user', input: inventoryListInput, output: returns<ListResult<InventoryItem>>() }),
  getInventoryItem: op({ method: 'GET', path: '/inventory/:id', access: 'user', input: byId, output: returns<InventoryItem>() }),
  createInventoryItem: op({ method: 'POST', path: '/inventory', access: 'member', input: inventoryCreateInput, output: returns<InventoryItem>() }),
  updateInventoryItem: op({ method: 'PATCH', path: '/inventory/:id', access: 'member', input: inventoryUpdateInput, output: returns<InventoryItem>() }),
  deleteInventoryItem: op({ method: 'DELETE', path: '/inventory/:id', access: 'admin', input: byId, output: returns<{ ok: true }>() }),
  // amounts, due date and reason: shared/contract/stock.ts (the stock ledger owns them)
  borrowInventoryItem: op({ method: 'POST', path: '/inventory/:id/borrow', access: 'member', input: borrowInput, output: returns<InventoryItem>() }),
  returnInventoryItem: op({ method: 'POST', path: '/inventory/:id/return', access: 'member', input: returnInput, output: returns<InventoryItem>() }),
  consumeInventoryItem: op({ method: 'POST', path: '/inventory/:id/consume', access: 'member', input: consumeInput, output: returns<InventoryItem>() }),
  disposeInventoryItem: op({ method: 'POST', path: '/inventory/:id/dispose', access: 'member', input: disposeInput, output: returns<InventoryItem>() }),

  // --- reagent orders ---
  listReagentOrders: op({ method: 'GET', path: '/reagent-orders/', access: 'user', input: reagentListInput, output: returns<ListResult<ReagentOrder>>() }),
  getReagentOrder: op({ method: 'GET', path: '/reagent-orders/:id', access: 'user', input: byId, output: returns<ReagentOrder>() }),
  createReagentOrder: op({ method: 'POST', path: '/reagent-orders', access: 'member', input: reagentCreateInput, output: returns<ImportAnswer<ReagentOrder>>() }),
  updateReagentOrder: op({ method: 'PATCH', path: '/reagent-orders/:id', access: 'member', input: reagentUpdateInput, output: returns<ReagentOrder>() }),
  deleteReagentOrder: op({ method: 'DELETE', path: '/reagent-orders/:id', access: 'member', input: byId, output: returns<{ ok: true }>() }),
  approveReagentOrder: op({ method: 'POST', path: '/reagent-orders/:id/approve', access: 'admin', input: byId, output: returns<ReagentOrder>() }),
  rejectReagentOrder: op({ method: 'POST', path: '/reagent-orders/:id/reject', access: 'admin', input: reason, output: returns<ReagentOrder>() }),
  arriveReagentOrder: op({ method: 'POST', path: '/reagent-orders/:id/arrive', access: 'admin', input: byId, output: returns<ReagentOrder>() }),
  stockInReagentOrder: op({
    method: 'POST',
    path: '/reagent-orders/:id/stock-in',
    access: 'admin',
    input: stockInInput,
    output: returns<{ order: ReagentOrder; item: InventoryItem; alreadyStockedIn: boolean }>(),
  }),

  // --- consumable orders ---
  listConsumableOrders: op({ method: 'GET', path: '/consumable-orders/', access: 'user', input: consumableListInput, output: returns<ListResult<ConsumableOrder>>() }),
  getConsumableOrder: op({ method: 'GET', path: '/consumable-orders/:id', access: 'user', input: byId, output: returns<ConsumableOrder>() }),
  createConsumableOrder: op({ method: 'POST', path: '/consumable-orders', access: 'member', input: consumableCreateInput, output: returns<ImportAnswer<ConsumableOrder>>() }),
  updateConsumableOrder: op({ method: 'PATCH', path: '/consumable-orders/:id', access: 'member', input: consumableUpdateInput, output: returns<ConsumableOrder>() }),
  deleteConsumableOrder: op({ method: 'DELETE', path: '/consumable-orders/:id', access: 'member', input: byId, output: returns<{ ok: true }>() }),
  approveConsumableOrder: op({ method: 'POST', path: '/consumable-orders/:id/approve', access: 'admin', input: byId, output: returns<ConsumableOrder>() }),
  rejectConsumableOrder: op({ method: 'POST', path: '/consumable-orders/:id/reject', access: 'admin', input: reason, output: returns<ConsumableOrder>() }),
  completeConsumableOrder: op({ method: 'POST', path: '/consumable-orders/:id/complete', access: 'admin', input: byId, output: returns<ConsumableOrder>() }),

  // --- shared ---
  getHistory: op({
    method: 'GET',
    path: '/records/history',
    access: 'user',
    input: z.object({ entity_type: z.enum(RECORD_ENTITY_TYPES, { error: 'field.oneOf' }), id }).strict(),
    output: returns<HistoryEntry[]>(),
  }),
  checkDuplicates: op({
    method: 'GET',
    path: '/records/duplicates',
    access: 'user',
    input: z
      .object({ cas_number: cas.optional(), product_number: shortText(100).optional(), brand: shortText(100).optional(), exclude_order_id: id.optional(), exclude_item_id: id.optional() })
      .strict(),
    output: returns<DuplicateReport>(),
  }),
  exportList: op({
    method: 'GET',
    path: '/records/export',
    access: 'user',
    input: z
      .object({
        endpoint,
        format: z.enum(['csv', 'xlsx'], { error: 'field.oneOf' }),
        /** zh-CN / en: labels and readable values for people; machine: field names and raw codes (scripts). */
        lang: z.enum(['zh-CN', 'en', 'machine'], { error: 'field.oneOf' }).optional().default('zh-CN'),
        /** CSV only: UTF-8 with a BOM, or GB18030 (Excel on Chinese Windows reads both). */
        encoding: z.enum(['utf-8', 'gb18030'], { error: 'field.oneOf' }).optional().default('utf-8'),
        search: shortText(200).optional().default(''),
        field: shortText(40).optional().default('all'),
        status: shortText(40).optional().default(''),
        sort: shortText(40).optional().default(''),
      })
      .strict(),
    output: returns<ExportDownload>(),
    download: true,
  }),

  // --- bulk inventory import: upload in chunks, preview with mapping, then commit ---
  importUpload: op({
    method: 'POST',
    path: '/inventory/import/upload',
    access: 'member',
    input: z
      .object({
        importId: z.string().max(64).optional(),
        fileName: requiredText(255),
        /** base64 of this chunk of the file; chunks arrive in order. */
        chunk: z.string().max(1_400_000, 'chunk too large (max ~1 MB of file per call)'),
        last: z.boolean(),
      })
      .strict(),
    output: returns<{ importId: string; received: number }>(),
  }),
  importPreview: op({
    method: 'POST',
    path: '/inventory/import/preview',
    access: 'member',
    input: z.object({ importId: requiredText(64), mapping: mapping.optional(), ...importLayout }).strict(),
    output: returns<ImportPreview>(),
  }),
  /** An XLSX to fill in: every column with Chinese and English headers, an example row, a sheet explaining the columns. */
  importTemplate: op({
    method: 'GET',
    path: '/inventory/import/template',
    access: 'member',
    input: z.object({}).strict(),
    output: returns<ExportDownload>(),
    download: true,
  }),
  importStatus: op({
    method: 'GET',
    path: '/inventory/import/status',
    access: 'member',
    input: z.object({ importId: requiredText(64) }).strict(),
    output: returns<{ progress: ImportProgress | null; running: boolean }>(),
  }),
  importCancel: op({
    method: 'POST',
    path: '/inventory/import/cancel',
    access: 'member',
    /** `discard`: the user left the import (closed the wizard) — its upload and spool go too. */
    input: z.object({ importId: requiredText(64), discard: flag.optional() }).strict(),
    output: returns<{ ok: true }>(),
  }),
  importCommit: op({
    method: 'POST',
    path: '/inventory/import/commit',
    access: 'member',
    input: z
      .object({
        importId: requiredText(64),
        mapping,
        skipBadRows: z.boolean(),
        ...importLayout,
        /** A decision per location text (the wizard sends one for each). Left out: matched texts go to
         *  their node and the others become new top-level nodes (the behaviour before issue 28). */
        locations: z
          .array(
            z.union([
              z.object({ text: shortText(200), location_id: id }).strict(),
              z.object({ text: shortText(200), create: z.literal(true), parent_id: id.nullable() }).strict(),
            ]),
          )
          .max(5000)
          .optional(),
      })
      .strict(),
    output: returns<ImportResult>(),
  }),
};
