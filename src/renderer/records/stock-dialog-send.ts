// The request each stock action sends from the dialog's values: the amount (with its unit) only where
// given, and the second person's name and password only when the item asks for one.
import type { Dayjs } from 'dayjs';
import { call } from '../api/client';
import type { InventoryItem } from '../../shared/records';
import { secondPersonOf } from '../controlled/SecondPersonFields';
import type { StockDialogAction } from './StockDialog';

export interface StockValues {
  amount?: string;
  unit?: string;
  note?: string;
  reason?: string;
  due_date?: Dayjs;
  purpose?: string;
  containers?: number;
  scope?: 'all' | 'part';
  by?: 'containers' | 'amount';
  location_id?: number | null;
  second_username?: string;
  second_password?: string;
}

export async function sendStockAction(action: StockDialogAction, item: InventoryItem, v: StockValues, second: boolean): Promise<void> {
  const unit = item.unit;
  const base = { id: item.id, ...(second ? secondPersonOf(v) : {}) };
  const amt = v.amount === undefined || v.amount === null || v.amount === '' ? undefined : String(v.amount);
  const withAmt = amt === undefined ? {} : { amount: amt, unit: v.unit || unit };
  if (action === 'use') await call('useInventoryItem', { ...base, amount: amt as never, unit: v.unit || unit, ...(v.note ? { note: v.note } : {}) });
  else if (action === 'borrow') {
    const purpose = (v.purpose ?? '').trim();
    await call('borrowInventoryItem', { ...base, ...(withAmt as object), due_date: v.due_date ? v.due_date.format('YYYY-MM-DD') : null, ...(purpose ? { purpose } : {}) });
  }
  else if (action === 'consume') await call('consumeInventoryItem', base);
  else if (action === 'return') await call('returnInventoryItem', { ...base, ...(withAmt as object) });
  else if (action === 'dispose') await call('disposeInventoryItem', { ...base, reason: v.reason ?? '', ...(v.scope === 'part' ? (withAmt as object) : {}) });
  else if (action === 'adjust') await call('adjustInventoryItem', { ...base, amount: amt as never, unit: v.unit || unit, reason: v.reason ?? '' });
  else await call('splitInventoryItem', { id: item.id, ...(v.by === 'containers' ? { containers: v.containers } : (withAmt as object)), ...(v.location_id ? { location_id: v.location_id } : {}), ...(v.note ? { note: v.note } : {}) });
}
