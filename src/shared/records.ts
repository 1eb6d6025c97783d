// Lab records as every layer sees them: the list endpoints and what each one is (LISTS, the one
// owner of that fact), statuses and the row shapes the API returns. (Status-to-score lives with
// completion: src/main/completion/status-score.ts.)
import type { Message } from './messages';
import type { GhsPictogram } from './stock';

export const INVENTORY_STATUSES = ['in_stock', 'borrowed', 'consumed', 'disposed'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];
export const REAGENT_ORDER_STATUSES = ['pending_approval', 'approved', 'arrived', 'stocked_in', 'rejected'] as const;
export type ReagentOrderStatus = (typeof REAGENT_ORDER_STATUSES)[number];
export const CONSUMABLE_ORDER_STATUSES = ['pending_approval', 'approved', 'completed', 'rejected'] as const;
export type ConsumableOrderStatus = (typeof CONSUMABLE_ORDER_STATUSES)[number];

/**
 * The list endpoints (spec 000's table; docs/design.md#api-contract): every layer derives its endpoint list, record
 * kinds, indexed fields and sort columns from here. Adding an endpoint starts with a row here.
 * - `kind`: the record's entity type (audit history, completion index rows)
 * - `table`: the lab.db table; `indexKey`: the name part of its completion index tables
 * - `indexed`: spec 000 "Indexed fields per endpoint" — completion's facts and the list search's
 *   single-field choices (besides `all`); `applicant` is the applicant's display name
 * - `searchAlso`: further record fields a field's search column covers; `searchAllAlso`: fields only
 *   the `all` search covers
 * - `statusGroups`: names the `status` filter takes besides one status, each for several statuses
 *   (inventory's `present`, what is in the lab: the inventory page's opening view)
 * - `sortable`: the columns the API accepts in `sort` (prefix `-` sorts descending)
 * - `exportColumns`: the export's columns (record field names, so an export can be re-imported)
 */
export const LISTS = {
  '/inventory/': {
    kind: 'inventory_item',
    table: 'inventory_items',
    indexKey: 'inventory',
    statuses: INVENTORY_STATUSES,
    statusGroups: { present: ['in_stock', 'borrowed'] },
    indexed: ['name', 'cas_number', 'storage_location', 'brand', 'category'],
    searchAlso: { name: ['english_name'] },
    searchAllAlso: ['product_number', 'specification'],
    sortable: ['id', 'name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit', 'storage_location', 'brand', 'category', 'product_number', 'hazardous', 'status', 'borrowed_at', 'created_at', 'updated_at', 'expiry_date'],
    exportColumns: ['id', 'name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit', 'container_size', 'container_label', 'storage_location', 'brand', 'category', 'product_number', 'hazardous', 'ghs', 'lot_number', 'expiry_date', 'received_date', 'opened_date', 'supplier', 'min_stock', 'notes', 'status', 'borrowed_by_name', 'borrowed_at', 'source_order_id', 'created_at', 'updated_at'],
  },
  '/reagent-orders/': {
    kind: 'reagent_order',
    table: 'reagent_orders',
    indexKey: 'reagent_orders',
    statuses: REAGENT_ORDER_STATUSES,
    statusGroups: {},
    indexed: ['name', 'cas_number', 'brand', 'category', 'applicant'],
    searchAlso: { name: ['english_name'] },
    searchAllAlso: ['product_number', 'specification'],
    sortable: ['id', 'name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit_price', 'brand', 'category', 'product_number', 'hazardous', 'applicant', 'status', 'created_at', 'updated_at'],
    exportColumns: ['id', 'name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit_price', 'brand', 'category', 'product_number', 'hazardous', 'supplier', 'applicant', 'notes', 'status', 'reject_reason', 'created_at', 'updated_at'],
  },
  '/consumable-orders/': {
    kind: 'consumable_order',
    table: 'consumable_orders',
    indexKey: 'consumable_orders',
    statuses: CONSUMABLE_ORDER_STATUSES,
    statusGroups: {},
    indexed: ['name', 'specification', 'communication', 'applicant'],
    searchAlso: {},
    searchAllAlso: [],
    sortable: ['id', 'name', 'specification', 'quantity', 'unit_price', 'communication', 'applicant', 'status', 'created_at', 'updated_at'],
    exportColumns: ['id', 'name', 'specification', 'quantity', 'unit_price', 'communication', 'applicant', 'notes', 'status', 'reject_reason', 'created_at', 'updated_at'],
  },
} as const satisfies Record<
  string,
  {
    kind: string;
    table: string;
    indexKey: string;
    statuses: readonly [string, ...string[]];
    statusGroups: Readonly<Record<string, readonly string[]>>;
    indexed: readonly string[];
    searchAlso: Readonly<Record<string, readonly string[]>>;
    searchAllAlso: readonly string[];
    sortable: readonly string[];
    exportColumns: readonly string[];
  }
>;

export type ListEndpoint = keyof typeof LISTS;

/**
 * An export's answer. Over HTTP the body is the file itself and these travel as headers
 * (content-disposition, content-type, x-export-rows); over IPC the desktop shell has saved the file
 * and `savedTo` says where.
 */
export interface ExportDownload {
  fileName: string;
  mime: string;
  rows: number;
  savedTo?: string;
}
export type RecordEntityType = (typeof LISTS)[ListEndpoint]['kind'];

export const LIST_ENDPOINTS = Object.keys(LISTS) as [ListEndpoint, ...ListEndpoint[]];
export const RECORD_ENTITY_TYPES = LIST_ENDPOINTS.map((e) => LISTS[e].kind) as [RecordEntityType, ...RecordEntityType[]];

export function isListEndpoint(v: unknown): v is ListEndpoint {
  return typeof v === 'string' && Object.hasOwn(LISTS, v);
}

/** The values a list's `status` filter may take: '' (any), one status or a group's name. */
export function statusFilterValues(endpoint: ListEndpoint): [string, ...string[]] {
  return [...LISTS[endpoint].statuses, ...Object.keys(LISTS[endpoint].statusGroups)] as [string, ...string[]];
}

/** The statuses a `status` filter picks: none for '' (any), a group's statuses, or the one named. */
export function filterStatuses(endpoint: ListEndpoint, status: string): readonly string[] {
  if (!status) return [];
  const groups: Readonly<Record<string, readonly string[]>> = LISTS[endpoint].statusGroups;
  return Object.hasOwn(groups, status) ? groups[status]! : [status];
}

export type IndexedField<E extends ListEndpoint> = (typeof LISTS)[E]['indexed'][number];

export interface InventoryItem {
  id: number;
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  quantity: number;
  unit: string;
  storage_location: string;
  brand: string;
  category: string;
  product_number: string;
  hazardous: boolean;
  status: InventoryStatus;
  borrowed_by: number | null;
  borrowed_by_name: string | null;
  borrowed_at: string | null;
  source_order_id: number | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  // --- stock (lab.db v7; the model: src/main/stock/README.md) ---
  /** The location tree node; `storage_location` is its path (kept with it, searchable). */
  location_id: number | null;
  /** Size of one container in `unit` ("3 瓶 × 500 g": 500); null when not kept as containers. */
  container_size: number | null;
  /** The container's word (瓶, vial…), shown as "3 瓶 × 500 g". */
  container_label: string;
  lot_number: string;
  /** YYYY-MM-DD (the lab's local day), or null. */
  expiry_date: string | null;
  received_date: string | null;
  /** Set by the first use; editable. */
  opened_date: string | null;
  supplier: string;
  /** Minimum stock of this chemical in `unit`: items of the same CAS (or name) + specification sum up. */
  min_stock: number | null;
  ghs: GhsPictogram[];
  /** Free text (备注; lab.db v11), '' when none. */
  notes: string;
  /** While borrowed: the amount taken and the expected return date. */
  borrowed_amount: number | null;
  borrow_due: string | null;
  /** Controlled-chemical category ids ("1,3"; lab.db v8, kept by triggers), or null. */
  controlled: string | null;
}

export interface ReagentOrder {
  id: number;
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  quantity: number;
  unit_price: number | null;
  brand: string;
  category: string;
  product_number: string;
  hazardous: boolean;
  applicant_id: number;
  applicant: string;
  notes: string;
  status: ReagentOrderStatus;
  reject_reason: string;
  /** Where it is bought (supplier site or dealer); stock-in copies it to the item (lab.db v7). */
  supplier: string;
  /** The inventory item created by the formal stock-in, once stocked in. */
  inventory_item_id: number | null;
  created_at: string;
  updated_at: string;
  /** Controlled-chemical category ids ("1,3"; lab.db v8, kept by triggers), or null. */
  controlled: string | null;
}

export interface ConsumableOrder {
  id: number;
  name: string;
  specification: string;
  quantity: number;
  unit_price: number | null;
  communication: string;
  applicant_id: number;
  applicant: string;
  notes: string;
  status: ConsumableOrderStatus;
  reject_reason: string;
  created_at: string;
  updated_at: string;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Keyset cursors of the page's last / first row (shared/list-cursor.ts), for the next / previous
   *  page; absent for a search or a filter the lists page by OFFSET. */
  after?: string;
  before?: string;
  /** The rows of this page that a search found only through the pinyin of their Chinese texts
   *  ("wsyc" → 无水乙醇), so the list can say why they are there; absent when there are none. */
  pinyin?: number[];
}

export interface HistoryEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  action: string;
  /** field → [before, after] */
  changes: Record<string, [unknown, unknown]>;
}

/** What already exists for a CAS or product number + brand (duplicate warning, cart sync). */
export interface DuplicateReport {
  inventory: Array<Pick<InventoryItem, 'id' | 'name' | 'cas_number' | 'brand' | 'product_number' | 'quantity' | 'unit' | 'storage_location' | 'status'> & { matched_by: 'cas_number' | 'product_number' }>;
  orders: Array<Pick<ReagentOrder, 'id' | 'name' | 'cas_number' | 'brand' | 'product_number' | 'quantity' | 'status' | 'applicant' | 'created_at'> & { matched_by: 'cas_number' | 'product_number' }>;
}

/** Reagent orders still in progress: a duplicate warning mentions them. */
export const OPEN_REAGENT_STATUSES: ReagentOrderStatus[] = ['pending_approval', 'approved', 'arrived'];
/** Inventory that still physically exists. */
export const PRESENT_INVENTORY_STATUSES: InventoryStatus[] = ['in_stock', 'borrowed'];

/** Columns a bulk inventory import can fill (the mapping targets). */
export const IMPORT_COLUMNS = ['name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit', 'storage_location', 'brand', 'category', 'product_number', 'hazardous',
  'container_size', 'container_label', 'lot_number', 'expiry_date', 'received_date', 'opened_date', 'supplier', 'min_stock', 'ghs', 'notes'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One problem of one row: its sentence by key (shared/messages.ts) and its English text. */
export interface ImportRowError extends Message {
  /** The row's number in the spreadsheet, as the user sees it (blank and title rows counted). */
  row: number;
  column: string;
}

/** Why a row of an import file is not an item (listed in the preview, never an error). */
export const IMPORT_SKIP_REASONS = ['blank', 'title', 'section', 'total', 'footnote', 'header', 'noData', 'duplicate'] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export interface ImportSkippedRow {
  /** The row's number in the spreadsheet. */
  row: number;
  reason: ImportSkipReason;
  /** The row's first text (a section's heading, the footnote), shortened. */
  text: string;
}

/** How a location text of the file was matched against the tree (records README, "Locations"). */
export type ImportLocationMatchBy = 'path' | 'segments' | 'last';

export interface ImportLocationText {
  text: string;
  /** Valid rows with this text. */
  rows: number;
  /** The node it matches, or null (none, or several: `candidates`). */
  match: { id: number; path: string; by: ImportLocationMatchBy } | null;
  /** Several nodes match equally well: the user picks one. */
  candidates: Array<{ id: number; path: string }>;
}

/** The user's decision for a location text: an existing node, or a new node under `parent_id` (null: top level). */
export type ImportLocationChoice = { text: string; location_id: number } | { text: string; create: true; parent_id: number | null };

export interface ImportDuplicate {
  row: number;
  kind: 'file' | 'stock';
  ofRow?: number;
  /** `stock`: the item in stock it names; `file`: the item in stock its earlier row names, if any
   *  (where its amount goes with `duplicates: 'add'`). */
  item?: { id: number; name: string; storage_location: string };
}

/** What the import does with duplicate rows: import them anyway (the default), leave them out, or
 *  add their amount to the item in stock (or to the item their earlier row makes). */
export const IMPORT_DUPLICATE_CHOICES = ['import', 'skip', 'add'] as const;
export type ImportDuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number];

export interface ImportPreview {
  importId: string;
  fileName: string;
  /** The header row's number in the spreadsheet (found, or the one the user picked). */
  headerRow: number;
  /** The first non-empty rows (the header is one of them): what the user may pick the header from. */
  headerCandidates: Array<{ row: number; cells: string[] }>;
  headers: string[];
  /** The first data rows, raw cell text, with their row numbers in the spreadsheet. */
  sample: string[][];
  sampleRows: number[];
  /** Rows below the header that are not items (capped; skippedRows is the full count). */
  skipped: ImportSkippedRow[];
  skippedRows: number;
  /** Section heading rows: their text may become the category of the rows below (`sectionAsCategory`). */
  sectionRows: number;
  totalRows: number;
  /** target column → file header index (the suggested or the given mapping). */
  mapping: Partial<Record<ImportColumn, number>>;
  validRows: number;
  errors: ImportRowError[];
  /** errors is capped; this is the full count of bad rows. */
  badRows: number;
  /** Rows whose CAS number fails only the check digit: importable when the user confirms. */
  badCheckDigitRows: number;
  /** Values imported other than as written (a month for a day, a shelf life, "约2"), capped; warningRows counts rows. */
  warnings: ImportRowError[];
  warningRows: number;
  /** Valid rows identical to an earlier row of the file (`ofRow`), or the same chemical, brand, product
   *  number and lot as an item in stock (`item`); capped, duplicateRows counts them all. */
  duplicates: ImportDuplicate[];
  duplicateRows: number;
  /** With `duplicates: 'add'`: rows whose amount goes to an item in stock, and rows whose amount goes
   *  to the item an identical earlier row of the file makes (both counted in validRows; 0 otherwise). */
  addedRows: number;
  mergedRows: number;
  /** With `duplicates: 'add'`: each item in stock that grows, by how much (in its unit) from how many
   *  rows (first 500 items). */
  additions: ImportAddition[];
  /** Each distinct location text of the valid rows with its match in the tree (first 2000 texts). */
  locations: ImportLocationText[];
}

/** Where a running preview (parse) or commit (write) of a bulk import is. */
export interface ImportProgress {
  phase: 'parse' | 'write';
  /** Data rows read (parse) or written (write) so far. */
  rows: number;
  /** Rows to write; null while parsing (the row count is known only at the end). */
  total: number | null;
  /** 0–100: bytes of the file read (parse), rows written of total (write). */
  percent: number;
}

/** An item in stock that an import with `duplicates: 'add'` adds to. */
export interface ImportAddition {
  item: { id: number; name: string; storage_location: string };
  /** Rows of the file added to it. */
  rows: number;
  /** What they add, in the item's unit (as the preview found the item; the commit converts again). */
  amount: string;
  unit: string;
}

export interface ImportResult {
  /** Items created. */
  imported: number;
  skipped: number;
  ids: number[];
  /** Rows added to items in stock (`duplicates: 'add'`), and those items' ids. */
  added: number;
  addedTo: number[];
  /** Rows added to the item an identical earlier row of the file created. */
  merged: number;
}
