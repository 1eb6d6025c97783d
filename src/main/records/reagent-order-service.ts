// Reagent orders: pending_approval → approved → arrived → stocked_in, or → rejected. Members
// create orders and edit/delete their own while pending; admins approve, reject, mark arrived and
// stock in. The formal stock-in creates the inventory item in the same transaction and is
// idempotent: a second call (double click) returns the item the first one created.
import { AppError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ListQuery, ReagentCreate, ReagentUpdate } from '../../shared/contract/records';
import type { InventoryItem, ListResult, ReagentOrder } from '../../shared/records';
import { afterCommit, created, diff, type RecordsDeps, updateRow, deleted } from './deps';
import { resolveCas } from './cas-field';
import { listPage, searchColumns, type ListSpec } from './search';
import { checkStatusIn, checkTransition, DELETABLE_ORDER_STATUSES, EDITABLE_ORDER_STATUSES, REAGENT_TRANSITIONS } from './status-tables';
import { inventoryRowValues, type InventoryService } from './inventory-service';

export const REAGENT_FIELDS = ['name', 'english_name', 'cas_number', 'specification', 'quantity', 'unit_price', 'brand', 'category', 'product_number', 'hazardous', 'notes'] as const;
const ENDPOINT = '/reagent-orders/' as const;
const ENTITY = 'reagent_order';

const COLUMNS = `t.id, t.name, t.english_name, t.cas_number, t.specification, t.quantity, t.unit_price, t.brand, t.category,
  t.product_number, t.hazardous, t.applicant_id, u.display_name AS applicant, t.notes, t.status, t.reject_reason,
  (SELECT i.id FROM inventory_items i WHERE i.source_order_id = t.id) AS inventory_item_id, t.created_at, t.updated_at`;
const FROM = `reagent_orders t JOIN users u ON u.id = t.applicant_id`;
const SELECT = `SELECT ${COLUMNS} FROM ${FROM}`;

function mapOrder(r: Record<string, unknown>): ReagentOrder {
  return { ...(r as unknown as ReagentOrder), hazardous: r.hazardous === 1 };
}

export const reagentListSpec: ListSpec<ReagentOrder> = {
  endpoint: ENDPOINT,
  columns: COLUMNS,
  from: FROM,
  table: 'reagent_orders',
  sortJoin: (k) => (k === 'applicant' ? 'JOIN users u ON u.id = t.applicant_id' : ''),
  sortExpr: (k) => (k === 'applicant' ? 'u.display_name' : `t.${k}`),
  map: mapOrder,
};

export class ReagentOrderService {
  constructor(
    private readonly d: RecordsDeps,
    private readonly inventory: InventoryService,
  ) {}

  list(q: ListQuery): ListResult<ReagentOrder> {
    const { rows, total } = listPage(this.d.db, reagentListSpec, q);
    return { rows, total, page: q.page, pageSize: q.pageSize };
  }

  get(id: number): ReagentOrder {
    const row = this.d.db.prepare(`${SELECT} WHERE t.id = ?`).get(id) as Record<string, unknown> | undefined;
    if (!row) throw new AppError('not_found', `Reagent order ${id} does not exist.`, { id: 'no such reagent order' });
    return mapOrder(row);
  }

  create(actor: UserInfo, input: ReagentCreate): ReagentOrder {
    const cas = resolveCas(input.cas_number, input.cas_override);
    const v = {
      name: input.name,
      english_name: input.english_name ?? '',
      cas_number: cas,
      specification: input.specification ?? '',
      quantity: input.quantity,
      unit_price: input.unit_price ?? 0,
      brand: input.brand ?? '',
      category: input.category ?? '',
      product_number: input.product_number ?? '',
      hazardous: input.hazardous ? 1 : 0,
      notes: input.notes ?? '',
    };
    const row = { ...v, applicant_id: actor.id, status: 'pending_approval', ...searchColumns(ENDPOINT, { ...v, applicant: actor.displayName }) };
    const id = this.d.db.transaction(() => {
      const cols = Object.keys(row);
      const info = this.d.db.prepare(`INSERT INTO reagent_orders (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...Object.values(row));
      const newId = Number(info.lastInsertRowid);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: newId, action: 'create', changes: created({ ...v, hazardous: !!input.hazardous, status: 'pending_approval' }, [...REAGENT_FIELDS, 'status']) });
      return newId;
    })();
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
    return this.get(id);
  }

  private checkOwner(actor: UserInfo, order: ReagentOrder, action: string): void {
    if (actor.role !== 'admin' && order.applicant_id !== actor.id) {
      throw new AppError('forbidden', `Only ${order.applicant} (who ordered it) or an administrator can ${action} reagent order ${order.id}.`);
    }
  }

  update(actor: UserInfo, input: ReagentUpdate): ReagentOrder {
    const { id, cas_override, ...patch } = input;
    const unchanged = this.d.db.transaction(() => {
      const before = this.get(id);
      this.checkOwner(actor, before, 'edit');
      checkStatusIn(EDITABLE_ORDER_STATUSES, 'edit', `reagent order ${id}`, before.status);
      const next: Record<string, unknown> = { ...patch };
      if (patch.cas_number !== undefined) next.cas_number = resolveCas(patch.cas_number, cas_override || patch.cas_number === before.cas_number);
      const changes = diff(before as unknown as Record<string, unknown>, next, REAGENT_FIELDS);
      if (Object.keys(changes).length === 0) return before;
      const merged = { ...before, ...next };
      const sets = { ...Object.fromEntries(Object.keys(changes).map((f) => [f, f === 'hazardous' ? (next.hazardous ? 1 : 0) : next[f]])), ...searchColumns(ENDPOINT, merged) };
      updateRow(this.d.db, 'reagent_orders', id, sets);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action: 'update', changes });
      return null;
    })();
    if (unchanged) return unchanged;
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
    return this.get(id);
  }

  delete(actor: UserInfo, id: number): void {
    this.d.db.transaction(() => {
      const before = this.get(id);
      this.checkOwner(actor, before, 'delete');
      checkStatusIn(DELETABLE_ORDER_STATUSES, 'delete', `reagent order ${id}`, before.status);
      this.d.db.prepare('DELETE FROM reagent_orders WHERE id = ?').run(id);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action: 'delete', changes: deleted(before, [...REAGENT_FIELDS, 'status']) });
    })();
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
  }

  approve(actor: UserInfo, id: number): ReagentOrder {
    return this.transition(actor, id, 'approve');
  }

  reject(actor: UserInfo, id: number, reason: string): ReagentOrder {
    return this.transition(actor, id, 'reject', { reject_reason: reason });
  }

  arrive(actor: UserInfo, id: number): ReagentOrder {
    return this.transition(actor, id, 'arrive');
  }

  stockIn(actor: UserInfo, input: { id: number; storage_location: string; unit?: string; quantity?: number }): { order: ReagentOrder; item: InventoryItem; alreadyStockedIn: boolean } {
    const res = this.d.db.transaction(() => {
      const order = this.get(input.id);
      if (order.status === 'stocked_in' && order.inventory_item_id != null) return { itemId: order.inventory_item_id, again: true };
      checkTransition(REAGENT_TRANSITIONS.stock_in, 'stock in', `reagent order ${order.id}`, order.status);
      const values = inventoryRowValues(
        {
          name: order.name,
          english_name: order.english_name,
          specification: order.specification,
          quantity: input.quantity ?? order.quantity,
          unit: input.unit ?? '',
          storage_location: input.storage_location,
          brand: order.brand,
          category: order.category,
          product_number: order.product_number,
          hazardous: order.hazardous,
        },
        order.cas_number,
      );
      const itemId = this.inventory.insert(values, actor, { source_order_id: order.id, action: 'stock_in' });
      this.d.db.prepare(`UPDATE reagent_orders SET status = 'stocked_in', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`).run(order.id);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: order.id, action: 'stock_in', changes: { status: [order.status, 'stocked_in'], inventory_item_id: [null, itemId], storage_location: [null, input.storage_location] } });
      return { itemId, again: false };
    })();
    if (!res.again) {
      afterCommit(this.d, [
        { endpoint: ENDPOINT, ids: [input.id] },
        { endpoint: '/inventory/', ids: [res.itemId] },
      ]);
    }
    return { order: this.get(input.id), item: this.inventory.get(res.itemId), alreadyStockedIn: res.again };
  }

  private transition(actor: UserInfo, id: number, action: 'approve' | 'reject' | 'arrive', extra: Record<string, unknown> = {}): ReagentOrder {
    this.d.db.transaction(() => {
      const before = this.get(id);
      const to = checkTransition(REAGENT_TRANSITIONS[action], action, `reagent order ${id}`, before.status);
      const sets: Record<string, unknown> = { status: to, ...extra };
      updateRow(this.d.db, 'reagent_orders', id, sets);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action, changes: diff(before as unknown as Record<string, unknown>, sets, ['status', 'reject_reason']) });
    })();
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
    return this.get(id);
  }
}

