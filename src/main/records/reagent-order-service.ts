// Reagent orders: pending_approval → approved → arrived → stocked_in, or → rejected. Members
// create orders and edit/delete their own while pending; admins approve, reject, mark arrived and
// stock in. The formal stock-in creates the inventory item in the same write unit and is
// idempotent: a second call (double click) returns the item the first one created.
import { AppError, fieldError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ReagentCreate, ReagentUpdate, StockInInput } from '../../shared/contract/records';
import type { InventoryItem, ReagentOrder } from '../../shared/records';
import { afterCommit, type RecordsDeps } from './deps';
import { resolveCas } from './cas-field';
import type { ListSpec } from './search';
import { OrderService, type ImportCheck } from './order-service';
import type { ImportAnswer } from '../../shared/contract/cart';
import { checkTransition } from './status-tables';
import { REAGENT_TRANSITIONS } from '../../shared/workflows';
import { insertItem, inventoryRowValues, readItem } from './inventory-service';
import { existingLocation, locationById } from '../locations/location-tree';
import { localDay } from '../../shared/stock';
import { fieldInvalid } from '../../shared/errors';
import { containersOf, toNumber, unitDimension } from '../../shared/amounts';
import { recordAudit } from '../audit/audit-log';

export const REAGENT_FIELDS = ['name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit_price', 'brand', 'category', 'product_number', 'hazardous', 'notes', 'supplier'] as const;
const ENDPOINT = '/reagent-orders/' as const;
const ENTITY = 'reagent_order';

export const reagentListSpec: ListSpec<ReagentOrder> = {
  endpoint: ENDPOINT,
  map: (r) => ({ ...(r as unknown as ReagentOrder), hazardous: r.hazardous === 1 }),
  flags: ['hazardous'],
};

/**
 * The amount a stock-in puts in stock. Given with a measuring unit (the dialog sends 1000 mL and the
 * container size): as given. Otherwise, when the specification is one container's size ("500 mL"),
 * the order's quantity (or the given count) of containers: 2 × 500 mL = 1000 mL in containers of
 * 500 mL, the container word (瓶) kept as their label. Else the quantity in the given unit, as before.
 */
function stockInAmount(order: ReagentOrder, input: StockInInput): { quantity: number; unit: string; container_size: number | null; container_label: string } {
  const unit = input.unit ?? '';
  const count = input.quantity ?? order.quantity;
  const c = (!unit || unitDimension(unit) === 'count') && input.container_size == null ? containersOf(count, order.specification) : null;
  if (c) return { quantity: toNumber(c.amount), unit: c.unit, container_size: toNumber(c.size), container_label: input.container_label ?? unit };
  return { quantity: count, unit, container_size: input.container_size ?? null, container_label: input.container_label ?? '' };
}

/** Approve, reject and arrive are plain workflow steps; stock-in creates the inventory item too. */
type ReagentStep = Exclude<keyof typeof REAGENT_TRANSITIONS, 'stock_in'>;

export class ReagentOrderService extends OrderService<ReagentOrder, ReagentStep> {
  constructor(d: RecordsDeps) {
    super(d, {
      table: 'reagentOrders',
      importKind: 'reagent',
      entity: ENTITY,
      endpoint: ENDPOINT,
      fields: REAGENT_FIELDS,
      transitions: REAGENT_TRANSITIONS,
      list: reagentListSpec,
      notFound: (id) => new AppError('not_found', 'records.noReagentOrder', { id }, { fields: fieldError('id', 'field.noSuchRecord') }),
      notOwner: (order, action) => new AppError('forbidden', 'records.notOrderOwner', { applicant: order.applicant, action, kind: 'reagent_order', id: order.id }),
    });
  }

  /** `check` vets an import reference (see ImportCheck); the HTTP/IPC handler supplies it. */
  create(actor: UserInfo, input: ReagentCreate, check?: ImportCheck): Promise<ImportAnswer<ReagentOrder>> {
    const cas = resolveCas(input.cas_number, input.cas_override);
    const values = {
      name: input.name,
      english_name: input.english_name ?? '',
      cas_number: cas,
      specification: input.specification ?? '',
      quantity: input.quantity,
      unit_price: input.unit_price ?? null,
      brand: input.brand ?? '',
      category: input.category ?? '',
      product_number: input.product_number ?? '',
      hazardous: input.hazardous ? 1 : 0,
      notes: input.notes ?? '',
      supplier: input.supplier ?? '',
    };
    return this.insert(actor, values, { ...values, hazardous: !!input.hazardous }, input.import_ref, check);
  }

  update(actor: UserInfo, input: ReagentUpdate): Promise<ReagentOrder> {
    const { id, cas_override, ...patch } = input;
    return this.edit(
      actor,
      id,
      (before) => {
        const next: Record<string, unknown> = { ...patch };
        if (patch.cas_number !== undefined) next.cas_number = resolveCas(patch.cas_number, cas_override || patch.cas_number === before.cas_number);
        return next;
      },
      (field, value) => (field === 'hazardous' ? (value ? 1 : 0) : value),
    );
  }

  approve(actor: UserInfo, id: number): Promise<ReagentOrder> {
    return this.transition(actor, id, 'approve');
  }

  reject(actor: UserInfo, id: number, reason: string): Promise<ReagentOrder> {
    return this.transition(actor, id, 'reject', { reject_reason: reason });
  }

  arrive(actor: UserInfo, id: number): Promise<ReagentOrder> {
    return this.transition(actor, id, 'arrive');
  }

  async stockIn(actor: UserInfo, input: StockInInput): Promise<{ order: ReagentOrder; item: InventoryItem; alreadyStockedIn: boolean }> {
    const res = await this.d.data.withWriteTransaction(async (tx) => {
      const order = await this.read(tx, input.id);
      if (order.status === 'stocked_in' && order.inventory_item_id != null) return { order, item: await readItem(tx, order.inventory_item_id), again: true };
      checkTransition(REAGENT_TRANSITIONS.stock_in, 'stock_in', { kind: ENTITY, id: order.id }, order.status);
      // From the tree: an id, or a text naming an existing node; a typed fragment never becomes a new node.
      const location = input.location_id != null ? await locationById(tx.locations, input.location_id) : input.storage_location?.trim() ? await existingLocation(tx.locations, input.storage_location) : undefined;
      if (!location?.storage_location) throw fieldInvalid(input.location_id === undefined ? 'storage_location' : 'location_id', 'field.required');
      const values = inventoryRowValues(
        {
          name: order.name,
          english_name: order.english_name,
          specification: order.specification,
          ...stockInAmount(order, input),
          brand: order.brand,
          category: order.category,
          product_number: order.product_number,
          hazardous: order.hazardous,
          lot_number: input.lot_number ?? '',
          expiry_date: input.expiry_date ?? null,
          received_date: input.received_date ?? localDay(),
          supplier: input.supplier || order.supplier || order.brand,
        },
        order.cas_number,
        location,
      );
      const itemId = await insertItem(tx, values, actor, { source_order_id: order.id, action: 'stock_in' });
      await this.orders(tx).update(order.id, { status: 'stocked_in' });
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: order.id, action: 'stock_in', changes: { status: [order.status, 'stocked_in'], inventory_item_id: [null, itemId], storage_location: [null, location.storage_location] } });
      return { order: await this.read(tx, order.id), item: await readItem(tx, itemId), again: false };
    });
    if (res.again) return { order: res.order, item: res.item, alreadyStockedIn: true };
    afterCommit(this.d, [
      { endpoint: ENDPOINT, ids: [input.id] },
      { endpoint: '/inventory/', ids: [res.item.id] },
    ]);
    const order = await this.announce(actor, 'stock_in', res.order, res.item);
    return { order, item: res.item, alreadyStockedIn: false };
  }
}
