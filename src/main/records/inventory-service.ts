// Inventory items: create, edit, delete — each in one write unit with its audit entry, then the after-commit completion hook and live-refresh event.
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { InventoryCreate, InventoryUpdate, ListQuery } from '../../shared/contract/records';
import type { InventoryItem, ListResult } from '../../shared/records';
import { afterCommit, created, diff, type RecordsDeps, deleted } from './deps';
import { resolveCas } from './cas-field';
import { derivedColumns, listResult, readListPage, type ListSpec } from './search';
import type { ListFilter } from '../stores/record-list-store';
import { editedAmount, receivedMovement, type MovementInput } from '../stock/stock-ledger';
import { resolveLocation, type ResolvedLocation } from '../locations/location-tree';
import { canonicalUnit } from '../../shared/amounts';
import { hazardousWith, type GhsPictogram } from '../../shared/stock';
import { type InventoryValues } from '../stores/inventory-store';
import type { LabReads, LabWrites } from '../stores/lab-data';
import { recordAudit } from '../audit/audit-log';

export const INVENTORY_FIELDS = ['name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit', 'storage_location', 'brand', 'category', 'product_number', 'hazardous',
  'location_id', 'container_size', 'container_label', 'lot_number', 'expiry_date', 'received_date', 'opened_date', 'supplier', 'min_stock', 'ghs', 'notes'] as const;
const AUDIT_FIELDS = [...INVENTORY_FIELDS.filter((f) => f !== 'location_id'), 'status', 'borrowed_by', 'borrowed_at', 'borrowed_amount', 'borrow_due', 'source_order_id'] as const;
const ENDPOINT = '/inventory/' as const;
export const INVENTORY_ENTITY = 'inventory_item';

export function mapInventory(r: Record<string, unknown>): InventoryItem {
  return { ...(r as unknown as InventoryItem), hazardous: r.hazardous === 1, ghs: r.ghs ? (String(r.ghs).split(',') as GhsPictogram[]) : [] };
}

export const inventoryListSpec: ListSpec<InventoryItem> = { endpoint: ENDPOINT, map: mapInventory, flags: ['hazardous'] };

/** A new item's values with defaults, CAS canonical, the normalized search columns and sort keys. */
export function inventoryRowValues(input: Omit<InventoryCreate, 'location_id'>, cas: string, location?: ResolvedLocation): InventoryRow {
  const v = {
    name: input.name,
    english_name: input.english_name ?? '',
    cas_number: cas,
    specification: input.specification ?? '',
    quantity: input.quantity,
    unit: canonicalUnit(input.unit ?? ''),
    storage_location: location ? location.storage_location : (input.storage_location ?? ''),
    location_id: location ? location.location_id : null,
    brand: input.brand ?? '',
    category: input.category ?? '',
    product_number: input.product_number ?? '',
    hazardous: hazardousWith(input.ghs, input.hazardous) ? 1 : 0,
    container_size: input.container_size ?? null,
    container_label: input.container_label ?? '',
    lot_number: input.lot_number ?? '',
    expiry_date: input.expiry_date ?? null,
    received_date: input.received_date ?? null,
    opened_date: input.opened_date ?? null,
    supplier: input.supplier ?? '',
    min_stock: input.min_stock ?? null,
    ghs: (input.ghs ?? []).join(','),
    notes: input.notes ?? '',
  };
  return { ...v, ...derivedColumns(ENDPOINT, v) };
}

/** The audit entry's changes for a new item (every insert path; the bulk import's scan computes them ahead). */
export function newItemChanges(values: InventoryRow, sourceOrderId?: number): Record<string, [unknown, unknown]> {
  return created({ ...values, hazardous: values.hazardous === 1, status: 'in_stock', source_order_id: sourceOrderId }, AUDIT_FIELDS);
}

/** An inventory row's stored values (column → value), as written by every insert path. */
export type InventoryRow = InventoryValues;

/** The item `id` read in the open unit `r`; not_found (naming `id`) when there is none. */
export async function readItem(r: Pick<LabReads, 'inventory'>, id: number): Promise<InventoryItem> {
  const row = await r.inventory.byId(id);
  if (!row) throw new AppError('not_found', 'records.noItem', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
  return mapInventory(row);
}

/**
 * Inserts an item in the open unit `tx` (create, stock-in, bulk import, split) with its first
 * movement and its audit entry. `movement`: the first movement when it is not a `received` one.
 */
export async function insertItem(tx: LabWrites, values: InventoryRow, actor: UserInfo, extra: { source_order_id?: number; action?: string; movement?: (id: number) => MovementInput } = {}): Promise<number> {
  const id = await tx.inventory.insert(values, actor.id, extra.source_order_id ?? null);
  await tx.movements.insert(extra.movement ? extra.movement(id) : receivedMovement(id, values, actor.id, extra.source_order_id ?? null));
  await recordAudit(tx, { userId: actor.id, entityType: INVENTORY_ENTITY, entityId: id, action: extra.action ?? 'create', changes: newItemChanges(values, extra.source_order_id) });
  return id;
}

export class InventoryService {
  constructor(private readonly d: RecordsDeps) {}

  /** `filterIn`: an extra condition on `t` (the dashboard's alert filters), made in the list's own read unit. */
  async list(q: ListQuery, filterIn?: (r: LabReads) => Promise<ListFilter | undefined>): Promise<ListResult<InventoryItem>> {
    return listResult(await this.d.data.read(async (r) => readListPage(r, inventoryListSpec, q, { filter: await filterIn?.(r) })), q);
  }

  /** The item `id` (not_found naming `id` when there is none). */
  get(id: number): Promise<InventoryItem> {
    return this.d.data.read((r) => readItem(r, id));
  }

  async create(actor: UserInfo, input: InventoryCreate): Promise<InventoryItem> {
    const cas = resolveCas(input.cas_number, input.cas_override);
    const item = await this.d.data.withWriteTransaction(async (tx) => {
      const id = await insertItem(tx, inventoryRowValues(input, cas, await resolveLocation(tx.locations, input)), actor);
      return readItem(tx, id);
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [item.id] }]);
    return item;
  }

  async update(actor: UserInfo, input: InventoryUpdate): Promise<InventoryItem> {
    const { id, cas_override, ...patch } = input;
    const { item, changed } = await this.d.data.withWriteTransaction(async (tx) => {
      const before = await readItem(tx, id);
      const next: Record<string, unknown> = { ...patch };
      if (patch.cas_number !== undefined) next.cas_number = resolveCas(patch.cas_number, cas_override || patch.cas_number === before.cas_number);
      if (patch.unit !== undefined) next.unit = canonicalUnit(patch.unit);
      const movement = editedAmount(before, next);
      // A controlled chemical's CAS is its identity in the ledger: changing it would unflag the item
      // (and let it be used alone) or move its history to another chemical.
      if (before.controlled && next.cas_number !== undefined && next.cas_number !== before.cas_number) throw fieldInvalid('cas_number', 'controlled.editCas');
      // Its balance changes only with a second person (the stock dialog) — also when this edit makes it controlled.
      if ((before.controlled || (await controlledAfter(tx, next.cas_number))) && movement && movement.delta !== 0) throw fieldInvalid('quantity', 'controlled.editAmount');
      const location = await resolveLocation(tx.locations, patch);
      if (location) Object.assign(next, location);
      // ghs compares as its stored text, so an unchanged list is no change
      const beforeRow = { ...before, ghs: before.ghs.join(',') } as unknown as Record<string, unknown>;
      if (patch.ghs !== undefined) next.ghs = patch.ghs.join(',');
      // the flag follows the pictograms the item has after the edit, sent or kept (unchanged: no change)
      next.hazardous = hazardousWith((next.ghs as string | undefined) ?? (beforeRow.ghs as string), (next.hazardous as boolean | undefined) ?? before.hazardous);
      const changes = diff(beforeRow, next, INVENTORY_FIELDS);
      if (Object.keys(changes).length === 0) return { item: before, changed: false };
      const merged = { ...beforeRow, ...next };
      const sets = { ...Object.fromEntries(Object.keys(changes).map((f) => [f, f === 'hazardous' ? (next.hazardous ? 1 : 0) : next[f]])), ...derivedColumns(ENDPOINT, merged) };
      // not a form field: converted with the unit by editedAmount (what a borrower has out)
      if (next.borrowed_amount !== undefined) Object.assign(sets, { borrowed_amount: next.borrowed_amount });
      await tx.inventory.update(id, sets);
      if (movement) await tx.movements.insert({ ...movement, item_id: id, user_id: actor.id });
      // the history names the location by its path (storage_location); its id says nothing to a reader
      const { location_id: _locationId, ...audited } = changes;
      await recordAudit(tx, { userId: actor.id, entityType: INVENTORY_ENTITY, entityId: id, action: 'update', changes: audited });
      return { item: await readItem(tx, id), changed: true };
    });
    if (changed) afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
    return item;
  }

  async delete(actor: UserInfo, id: number): Promise<void> {
    await this.d.data.withWriteTransaction(async (tx) => {
      const before = await readItem(tx, id);
      // The ledger (台账) lists items by their row: a controlled item leaves through Dispose, which keeps it.
      if (before.controlled) throw new AppError('conflict', 'controlled.deleteItem', { id });
      await tx.inventory.delete(id);
      await recordAudit(tx, { userId: actor.id, entityType: INVENTORY_ENTITY, entityId: id, action: 'delete', changes: deleted(before, AUDIT_FIELDS) });
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
  }
}

/** Whether an edit's new CAS (canonical; undefined = unchanged) is on a controlled list. */
async function controlledAfter(r: Pick<LabReads, 'controlled'>, cas: unknown): Promise<boolean> {
  return typeof cas === 'string' && cas !== '' && (await r.controlled.hasCas(cas));
}
