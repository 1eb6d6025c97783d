// Lab records as every layer sees them: statuses, list endpoints and their indexed fields
// (spec 000's table) and the row shapes the API returns. (Status-to-score lives with completion:
// src/main/completion/status-score.ts.)

export const LIST_ENDPOINTS = ['/inventory/', '/reagent-orders/', '/consumable-orders/'] as const;
export type RecordsEndpoint = (typeof LIST_ENDPOINTS)[number];

export const INVENTORY_STATUSES = ['in_stock', 'borrowed', 'consumed', 'disposed'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];
export const REAGENT_ORDER_STATUSES = ['pending_approval', 'approved', 'arrived', 'stocked_in', 'rejected'] as const;
export type ReagentOrderStatus = (typeof REAGENT_ORDER_STATUSES)[number];
export const CONSUMABLE_ORDER_STATUSES = ['pending_approval', 'approved', 'completed', 'rejected'] as const;
export type ConsumableOrderStatus = (typeof CONSUMABLE_ORDER_STATUSES)[number];

/** Spec 000 "Indexed fields per endpoint": the list search's single-field choices (besides `all`). */
export const INDEXED_FIELDS = {
  '/inventory/': ['name', 'cas_number', 'storage_location', 'brand', 'category'],
  '/reagent-orders/': ['name', 'cas_number', 'brand', 'category', 'applicant'],
  '/consumable-orders/': ['name', 'specification', 'communication', 'applicant'],
} as const satisfies Record<RecordsEndpoint, readonly string[]>;
export type IndexedField<E extends RecordsEndpoint> = (typeof INDEXED_FIELDS)[E][number];

/** Sortable columns per list (the API refuses any other `sort`). Prefix `-` sorts descending. */
export const SORTABLE = {
  '/inventory/': ['id', 'name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit', 'storage_location', 'brand', 'category', 'product_number', 'hazardous', 'status', 'borrowed_at', 'created_at', 'updated_at'],
  '/reagent-orders/': ['id', 'name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit_price', 'brand', 'category', 'product_number', 'hazardous', 'applicant', 'status', 'created_at', 'updated_at'],
  '/consumable-orders/': ['id', 'name', 'specification', 'quantity', 'unit_price', 'communication', 'applicant', 'status', 'created_at', 'updated_at'],
} as const satisfies Record<RecordsEndpoint, readonly string[]>;

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
}

export interface ReagentOrder {
  id: number;
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  quantity: number;
  unit_price: number;
  brand: string;
  category: string;
  product_number: string;
  hazardous: boolean;
  applicant_id: number;
  applicant: string;
  notes: string;
  status: ReagentOrderStatus;
  reject_reason: string;
  /** The inventory item created by the formal stock-in, once stocked in. */
  inventory_item_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ConsumableOrder {
  id: number;
  name: string;
  specification: string;
  quantity: number;
  unit_price: number;
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
}

export type RecordEntityType = 'inventory_item' | 'reagent_order' | 'consumable_order';

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
export const IMPORT_COLUMNS = ['name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit', 'storage_location', 'brand', 'category', 'product_number', 'hazardous'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export interface ImportRowError {
  /** 1-based row number as the user sees it in the file (header is row 1). */
  row: number;
  column: string;
  message: string;
}

export interface ImportPreview {
  importId: string;
  fileName: string;
  headers: string[];
  /** The first rows of the file, raw cell text. */
  sample: string[][];
  totalRows: number;
  /** target column → file header index (the suggested or the given mapping). */
  mapping: Partial<Record<ImportColumn, number>>;
  validRows: number;
  errors: ImportRowError[];
  /** errors is capped; this is the full count of bad rows. */
  badRows: number;
  /** Rows whose CAS number fails only the check digit: importable when the user confirms. */
  badCheckDigitRows: number;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  ids: number[];
}
