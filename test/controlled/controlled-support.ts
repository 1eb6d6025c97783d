// What the two-person tests share: a second person, a controlled item made through the real
// dispatcher, and what a refused action must leave unchanged.
import type { Harness } from '../records/harness';
import type { InventoryItem } from '../../src/shared/records';

export const bob = { username: 'bob', password: 'bob-pass-12' };

/** A member's item whose CAS is on the category `key`'s list. */
export async function controlledItem(h: Harness, key: string, item: { cas: string; name: string; quantity: number; unit: string }): Promise<InventoryItem> {
  const cat = (await h.controlled.categories()).find((c) => c.key === key)!;
  await h.controlled.addCas(h.admin, { id: cat.id, cas: item.cas, name: item.name });
  return h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: item.name, cas_number: item.cas, quantity: item.quantity, unit: item.unit });
}

/** The item's row and how many movements and audit entries it has. */
export function snapshot(h: Harness, id: number) {
  const db = h.dbs.lab;
  return {
    item: db.prepare('SELECT * FROM inventory_items WHERE id = ?').get(id),
    movements: db.prepare('SELECT count(*) FROM stock_movements WHERE item_id = ?').pluck().get(id),
    audit: db.prepare("SELECT count(*) FROM audit_log WHERE entity_type = 'inventory_item' AND entity_id = ?").pluck().get(id),
  };
}
