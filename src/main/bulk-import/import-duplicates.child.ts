// Duplicate rows of an import, found while the file is scanned (in the import worker): a row whose
// values are exactly those of an earlier row of the file, or one naming the same chemical (its CAS,
// else its name), brand, product number and lot as an item in stock. The preview flags them; the
// user imports them anyway (the default), leaves them out (`duplicates: 'skip'`) or adds their
// amount to the item (`duplicates: 'add'`: import-additions.child.ts) — each a scan of its own, so
// the spool holds only what will be written.
import { createHash } from 'node:crypto';
import { openDatabase } from '../db/open';
import type { ImportDuplicate } from '../../shared/records';
import type { InventoryRow } from '../records/inventory-service';
import { inventoryStore } from '../stores/inventory-store';

const fold = (v: unknown) => String(v ?? '').normalize('NFKC').trim().toLowerCase();

/** The same chemical from the same source: CAS (or the name without one), brand, product number, lot. */
/** The fields that make two rows the same chemical in stock. */
type Identity = { name?: unknown; cas_number?: unknown; brand?: unknown; product_number?: unknown; lot_number?: unknown };

function identity(v: Identity): string {
  return JSON.stringify([fold(v.cas_number) || fold(v.name), fold(v.brand), fold(v.product_number), fold(v.lot_number)]);
}

/** An item in stock a row may name: what the preview shows, and what adding to it needs. */
export interface StockItem {
  id: number;
  name: string;
  storage_location: string;
  unit: string;
  controlled: string | null;
}

/** A duplicate row: as the preview shows it, and the item in stock it (or its earlier row) names. */
export interface FoundDuplicate {
  shown: ImportDuplicate;
  stock: StockItem | null;
}

export class DuplicateFinder {
  /** Hash of a row's values → its row number (20 bytes a row, not the row: 100 000 rows stay small). */
  private readonly seen = new Map<string, number>();
  private readonly stock = new Map<string, StockItem>();
  /** First rows that name an item in stock → that item (an identical later row names it too). */
  private readonly stockAt = new Map<number, StockItem>();

  /** `dbPath`: lab.db, read once for the items in stock (in stock or borrowed). */
  constructor(dbPath: string | undefined) {
    if (!dbPath) return;
    const db = openDatabase(dbPath, { readonly: true });
    try {
      for (const r of inventoryStore(db).inStock()) {
        const k = identity(r);
        if (!this.stock.has(k)) this.stock.set(k, { id: r.id, name: r.name, storage_location: r.storage_location, unit: r.unit, controlled: r.controlled });
      }
    } finally {
      db.close();
    }
  }

  /**
   * The row's duplicate, if it is one (the first row of identical ones is not). `cells`: the row's
   * mapped cells — the same cells make the same item, and hashing them is far cheaper than the
   * item's ~40 stored values.
   */
  check(values: InventoryRow, cells: string[], row: number): FoundDuplicate | null {
    const hash = createHash('sha1').update(cells.join('\u001f')).digest('base64');
    const first = this.seen.get(hash);
    if (first !== undefined) {
      const stock = this.stockAt.get(first) ?? null;
      return { shown: { row, kind: 'file', ofRow: first, ...(stock ? { item: shownItem(stock) } : {}) }, stock };
    }
    this.seen.set(hash, row);
    const stock = this.stock.get(identity(values));
    if (!stock) return null;
    this.stockAt.set(row, stock);
    return { shown: { row, kind: 'stock', item: shownItem(stock) }, stock };
  }
}

function shownItem(s: StockItem): NonNullable<ImportDuplicate['item']> {
  return { id: s.id, name: s.name, storage_location: s.storage_location };
}
