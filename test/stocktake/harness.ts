// The records harness with the location and stocktake operations in its dispatcher (the real
// contract validation, access check and handlers), plus a small lab: a building with two rooms.
import { createHarness, tempDir, type Harness } from '../records/harness';
import { createDispatcher } from '../../src/main/api/dispatch';
import { recordsHandlers } from '../../src/main/api/records-handlers';
import { stockHandlers } from '../../src/main/api/stock-handlers';
import { locationHandlers } from '../../src/main/api/location-handlers';
import { stocktakeHandlers } from '../../src/main/api/stocktake-handlers';
import type { HandlerTable } from '../../src/main/api/handler-table';
import { BatchStore } from '../../src/main/cart-import/batch-store';
import { silentLogger } from '../../src/main/logging';
import type { UserInfo } from '../../src/shared/contract';
import type { ApiErrorBody } from '../../src/shared/errors';
import type { InventoryItem } from '../../src/shared/records';
import type { LocationNode } from '../../src/shared/stock';

export type Envelope = { ok: true; value: unknown } | { ok: false; error: ApiErrorBody };

export interface StocktakeHarness extends Harness {
  api(user: UserInfo, op: string, input: unknown): Promise<Envelope>;
  /** Building B1 › Room 101 (› Shelf A) and B1 › Room 102; `loc` by name. */
  loc: Record<'b1' | 'r101' | 'shelf' | 'r102', LocationNode>;
  item(over: Record<string, unknown>): Promise<InventoryItem>;
  /** The error envelope of a refused call. */
  refused(user: UserInfo, op: string, input: unknown): Promise<ApiErrorBody>;
}

export async function stocktakeHarness(): Promise<StocktakeHarness> {
  const dir = tempDir('lab-stocktake-');
  const h = createHarness(dir);
  const log = silentLogger();
  const deps = { records: h.records, hooks: h.hooks, log, cartImport: new BatchStore(dir, { emit() {}, subscribe: () => () => {} } as never, log) };
  const handlers = { ...recordsHandlers(deps), ...stockHandlers(deps), ...locationHandlers(deps), ...stocktakeHandlers(deps) } as unknown as HandlerTable;
  const users = new Map([h.admin, h.member, h.member2, h.guest].map((u) => [`t-${u.id}`, u]));
  const dispatcher = createDispatcher(handlers, (t) => (t ? (users.get(t) ?? null) : null), log, dir);
  const api = (user: UserInfo, op: string, input: unknown) => dispatcher.call(op, input, { token: `t-${user.id}`, set() {}, clear() {} }, 'ipc') as Promise<Envelope>;
  const ok = async <T,>(user: UserInfo, op: string, input: unknown): Promise<T> => {
    const r = await api(user, op, input);
    if (!r.ok) throw new Error(`${op} failed: ${r.error.code} ${r.error.message} ${JSON.stringify(r.error.fields ?? {})}`);
    return r.value as T;
  };
  const refused = async (user: UserInfo, op: string, input: unknown) => {
    const r = await api(user, op, input);
    if (r.ok) throw new Error(`${op} was accepted: ${JSON.stringify(r.value)}`);
    return r.error;
  };
  const node = (name: string, parent_id?: number) => ok<LocationNode>(h.admin, 'createLocation', { name, parent_id });
  const b1 = await node('B1');
  const r101 = await node('Room 101', b1.id);
  const shelf = await node('Shelf A', r101.id);
  const r102 = await node('Room 102', b1.id);
  const item = (over: Record<string, unknown>) => ok<InventoryItem>(h.member, 'createInventoryItem', { name: '无水乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL', ...over });
  return Object.assign(h, { api, ok, refused, item, loc: { b1, r101, shelf, r102 } });
}
