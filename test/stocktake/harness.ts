// The records harness (the real contract validation, access check and handlers, stocktake ones
// included) plus a small lab: a building with two rooms.
import { createHarness, tempDir, type Harness } from '../records/harness';
import type { InventoryItem } from '../../src/shared/records';
import type { LocationNode } from '../../src/shared/stock';

export interface StocktakeHarness extends Harness {
  /** Building B1 › Room 101 (› Shelf A) and B1 › Room 102; `loc` by name. */
  loc: Record<'b1' | 'r101' | 'shelf' | 'r102', LocationNode>;
  item(over: Record<string, unknown>): Promise<InventoryItem>;
}

export async function stocktakeHarness(): Promise<StocktakeHarness> {
  const dir = tempDir('lab-stocktake-');
  const h = createHarness(dir);
  const { ok } = h;
  const node = (name: string, parent_id?: number) => ok<LocationNode>(h.admin, 'createLocation', { name, parent_id });
  const b1 = await node('B1');
  const r101 = await node('Room 101', b1.id);
  const shelf = await node('Shelf A', r101.id);
  const r102 = await node('Room 102', b1.id);
  const item = (over: Record<string, unknown>) => ok<InventoryItem>(h.member, 'createInventoryItem', { name: '无水乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL', ...over });
  return Object.assign(h, { item, loc: { b1, r101, shelf, r102 } });
}
