// `duplicates: 'add'` in the scan (import-scan.child.ts): where each duplicate row's amount goes
// instead of a new item. A row naming an item in stock adds to that item — its amount converted to
// the item's unit now, so the preview shows what cannot be (another dimension, more than 6
// decimals, a controlled chemical) as an error on the row before anything is written; the commit
// converts again against the item as it is then (import-receipts.child.ts). A row identical to an
// earlier row goes where that row went: into the new item it makes (its spooled quantity grows) or
// to the item in stock it was added to. Exact decimals throughout (shared/amounts.ts).
import Big from 'big.js';
import { convert, formatAmount, MAX_DECIMALS } from '../../shared/amounts';
import { msg, type MessageKey } from '../../shared/messages';
import type { ImportAddition, ImportRowError } from '../../shared/records';
import type { InventoryRow } from '../records/inventory-service';
import type { FoundDuplicate, StockItem } from './import-duplicates.child';
import type { SpooledAddition } from '../stores/import-spool-store';

/** Items in stock listed in the preview (all are added to). */
export const MAX_ADDITIONS_SHOWN = 500;

/** What became of a duplicate row: added (to stock or to an earlier row's item), refused, or — its earlier row unknown — a new item after all. */
export type Plan = { to: 'stock' | 'row' } | { error: ImportRowError } | null;

export class AdditionPlanner {
  /** Row number → its spool row n, for rows spooled as new items (where identical later rows go). */
  private readonly spooledAt = new Map<number, number>();
  /** Spool row n → its quantity once identical later rows are added (in the row's own unit: the rows are identical). */
  private readonly grown = new Map<number, Big>();
  private readonly additions: SpooledAddition[] = [];
  private readonly perItem = new Map<number, { item: StockItem; rows: number; amount: Big }>();
  addedRows = 0;
  mergedRows = 0;

  /** `column`: the quantity column's header, which a refusal names with the row. */
  constructor(private readonly column: string) {}

  /** A row spooled as new item `n`. */
  spooled(row: number, n: number): void {
    this.spooledAt.set(row, n);
  }

  plan(found: FoundDuplicate, values: InventoryRow, row: number): Plan {
    const { shown, stock } = found;
    if (stock) return this.toStock(stock, values, row);
    const n = shown.ofRow === undefined ? undefined : this.spooledAt.get(shown.ofRow);
    if (n === undefined) return null;
    const quantity = new Big(values.quantity!);
    this.grown.set(n, (this.grown.get(n) ?? quantity).plus(quantity));
    this.mergedRows++;
    return { to: 'row' };
  }

  private toStock(item: StockItem, values: InventoryRow, row: number): Plan {
    const quantity = String(values.quantity);
    const unit = String(values.unit ?? '');
    const params = { row, amount: quantity, unit: unit || '—', itemUnit: item.unit || '—', id: item.id, name: item.name };
    const refuse = (key: MessageKey) => ({ error: { row, column: this.column, ...msg(key, { ...params, max: MAX_DECIMALS }) } });
    // its balance changes only with a second person (the stock dialog), as in a form edit
    if (item.controlled) return refuse('import.addControlled');
    const amount = convert(new Big(quantity), unit, item.unit);
    if (!amount) return refuse('import.addUnit');
    if (amount.round(MAX_DECIMALS).cmp(amount) !== 0) return refuse('import.addDecimals');
    this.additions.push({ row, item_id: item.id, quantity, unit });
    const sum = this.perItem.get(item.id) ?? { item, rows: 0, amount: new Big(0) };
    sum.rows++;
    sum.amount = sum.amount.plus(amount);
    this.perItem.set(item.id, sum);
    this.addedRows++;
    return { to: 'stock' };
  }

  /** What goes into the spool: the rows to add to items in stock, and the grown quantities of new items. */
  spool(): { additions: SpooledAddition[]; quantities: Array<{ n: number; quantity: number }> } {
    return { additions: this.additions, quantities: [...this.grown].map(([n, q]) => ({ n, quantity: Number(q.toFixed()) })) };
  }

  /** The items in stock that grow, for the preview. */
  shown(): ImportAddition[] {
    return [...this.perItem.values()].slice(0, MAX_ADDITIONS_SHOWN).map(({ item, rows, amount }) => ({
      item: { id: item.id, name: item.name, storage_location: item.storage_location },
      rows,
      amount: formatAmount(amount),
      unit: item.unit,
    }));
  }
}
