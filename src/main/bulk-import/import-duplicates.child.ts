// Duplicate rows of an import, found while the file is scanned (in the import worker): a row whose
// values are exactly those of an earlier row of the file, or one naming the same chemical (its CAS,
// else its name), brand, product number and lot as an item in stock. The preview flags them; the
// user imports them anyway (the default) or leaves them out (`duplicates: 'skip'`, a scan of its
// own, so the spool holds only what will be written).
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

interface StockItem {
  id: number;
  name: string;
  storage_location: string;
}

export class DuplicateFinder {
  /** Hash of a row's values → its row number (20 bytes a row, not the row: 100 000 rows stay small). */
  private readonly seen = new Map<string, number>();
  private readonly stock = new Map<string, StockItem>();

  /** `dbPath`: lab.db, read once for the items in stock (in stock or borrowed). */
  constructor(dbPath: string | undefined) {
    if (!dbPath) return;
    const db = openDatabase(dbPath, { readonly: true });
    try {
      for (const r of inventoryStore(db).inStock()) {
        const k = identity(r);
        if (!this.stock.has(k)) this.stock.set(k, { id: r.id, name: r.name, storage_location: r.storage_location });
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
  check(values: InventoryRow, cells: string[], row: number): ImportDuplicate | null {
    const hash = createHash('sha1').update(cells.join('\u001f')).digest('base64');
    const first = this.seen.get(hash);
    if (first !== undefined) return { row, kind: 'file', ofRow: first };
    this.seen.set(hash, row);
    const item = this.stock.get(identity(values));
    return item ? { row, kind: 'stock', item } : null;
  }
}
