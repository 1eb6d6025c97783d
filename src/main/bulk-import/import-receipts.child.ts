// `duplicates: 'add'` in the commit (import-write.child.ts): the rows the scan meant for items in
// stock (import-additions.child.ts) go in as stock receipts, inside the import's one transaction —
// per item, its quantity grows by the sum of its rows (each converted to the item's unit as it is
// now, exact decimals), one `received` movement whose reason names the file, and one audit entry
// (action `import`, the quantity before → after). Its search columns and sort keys are written with
// the row, as the form edit does; the completion index and the lists hear of it after the commit
// (import-service.ts). Its container count is quantity ÷ container size, so it follows by itself.
// The item may have changed since the preview: gone, used up, made controlled, or given a unit the
// row's amount does not convert to — then the whole import is refused naming the row, nothing written.
import Big from 'big.js';
import { AppError, fieldError } from '../../shared/errors';
import type { MessageKey } from '../../shared/messages';
import { convert, MAX_DECIMALS, toDecimal, toNumber } from '../../shared/amounts';
import { PRESENT_INVENTORY_STATUSES } from '../../shared/records';
import { importReason } from '../../shared/stock-actions';
import type { Db } from '../db/open';
import { derivedColumns } from '../records/search';
import { INVENTORY_ENTITY } from '../records/inventory-service';
import { inventoryStore, type StoredInventoryItem } from '../stores/inventory-store';
import { stockMovementStore } from '../stores/stock-movement-store';
import { auditStore } from '../stores/audit-store';
import type { SpooledAddition } from '../stores/import-spool-store';

function refuse(key: MessageKey, a: SpooledAddition, item: StoredInventoryItem | undefined): AppError {
  const params = { row: a.row, amount: a.quantity, unit: a.unit || '—', itemUnit: item?.unit || '—', id: a.item_id, name: item?.name ?? '', max: MAX_DECIMALS };
  return new AppError('validation', key, params, { fields: fieldError('rows', key, params) });
}

/** `a`'s amount in the item's unit, or the refusal naming its row. */
function amountIn(item: StoredInventoryItem, a: SpooledAddition): Big {
  const amount = convert(new Big(a.quantity), a.unit, item.unit);
  if (!amount) throw refuse('import.addUnit', a, item);
  if (amount.round(MAX_DECIMALS).cmp(amount) !== 0) throw refuse('import.addDecimals', a, item);
  return amount;
}

/**
 * Adds the rows to their items inside the caller's transaction (`additions` sorted by item, as the
 * spool store reads them); returns the ids of the items that grew.
 */
export function receiveIntoStock(db: Db, additions: readonly SpooledAddition[], userId: number, fileName: string): number[] {
  const items = inventoryStore(db);
  const movements = stockMovementStore(db);
  const audit = auditStore(db);
  const byItem = new Map<number, SpooledAddition[]>();
  for (const a of additions) byItem.set(a.item_id, [...(byItem.get(a.item_id) ?? []), a]);
  for (const [id, rows] of byItem) {
    const item = items.byId(id);
    if (!item || !(PRESENT_INVENTORY_STATUSES as readonly string[]).includes(item.status)) throw refuse('import.addGone', rows[0]!, item);
    if (item.controlled) throw refuse('import.addControlled', rows[0]!, item);
    const added = rows.reduce((sum, a) => sum.plus(amountIn(item, a)), new Big(0));
    const after = toNumber(toDecimal(item.quantity).plus(added));
    items.update(id, { quantity: after, ...derivedColumns('/inventory/', { ...item, quantity: after }) });
    movements.insert({
      item_id: id, user_id: userId, kind: 'received', amount: toNumber(added), delta: toNumber(added), unit: item.unit, balance_after: after,
      reason: importReason(fileName), to_location_id: item.location_id, to_location: item.storage_location || null,
    });
    audit.insert({ userId, entityType: INVENTORY_ENTITY, entityId: id, action: 'import', changes: JSON.stringify({ quantity: [item.quantity, after] }) });
  }
  return [...byItem.keys()];
}
