// Consumable orders: pending_approval → approved → completed, or → rejected. Members create and
// edit/delete their own pending orders; admins approve, reject and complete.
import { AppError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ConsumableCreate, ConsumableUpdate, ListQuery } from '../../shared/contract/records';
import type { ConsumableOrder, ListResult } from '../../shared/records';
import { afterCommit, created, diff, type RecordsDeps, updateRow, deleted } from './deps';
import { listPage, searchColumns, type ListSpec } from './search';
import { checkStatusIn, checkTransition, CONSUMABLE_TRANSITIONS, DELETABLE_ORDER_STATUSES, EDITABLE_ORDER_STATUSES } from './status-tables';

export const CONSUMABLE_FIELDS = ['name', 'specification', 'quantity', 'unit_price', 'communication', 'notes'] as const;
const ENDPOINT = '/consumable-orders/' as const;
const ENTITY = 'consumable_order';

const COLUMNS = `t.id, t.name, t.specification, t.quantity, t.unit_price, t.communication, t.applicant_id,
  u.display_name AS applicant, t.notes, t.status, t.reject_reason, t.created_at, t.updated_at`;
const FROM = `consumable_orders t JOIN users u ON u.id = t.applicant_id`;
const SELECT = `SELECT ${COLUMNS} FROM ${FROM}`;

const mapOrder = (r: Record<string, unknown>) => r as unknown as ConsumableOrder;

export const consumableListSpec: ListSpec<ConsumableOrder> = {
  endpoint: ENDPOINT,
  columns: COLUMNS,
  from: FROM,
  table: 'consumable_orders',
  sortJoin: (k) => (k === 'applicant' ? 'JOIN users u ON u.id = t.applicant_id' : ''),
  sortExpr: (k) => (k === 'applicant' ? 'u.display_name' : `t.${k}`),
  map: mapOrder,
};

export class ConsumableOrderService {
  constructor(private readonly d: RecordsDeps) {}

  list(q: ListQuery): ListResult<ConsumableOrder> {
    const { rows, total } = listPage(this.d.db, consumableListSpec, q);
    return { rows, total, page: q.page, pageSize: q.pageSize };
  }

  get(id: number): ConsumableOrder {
    const row = this.d.db.prepare(`${SELECT} WHERE t.id = ?`).get(id) as Record<string, unknown> | undefined;
    if (!row) throw new AppError('not_found', `Consumable order ${id} does not exist.`, { id: 'no such consumable order' });
    return mapOrder(row);
  }

  create(actor: UserInfo, input: ConsumableCreate): ConsumableOrder {
    const v = {
      name: input.name,
      specification: input.specification ?? '',
      quantity: input.quantity,
      unit_price: input.unit_price ?? 0,
      communication: input.communication ?? '',
      notes: input.notes ?? '',
    };
    const row = { ...v, applicant_id: actor.id, status: 'pending_approval', ...searchColumns(ENDPOINT, { ...v, applicant: actor.displayName }) };
    const id = this.d.db.transaction(() => {
      const cols = Object.keys(row);
      const info = this.d.db.prepare(`INSERT INTO consumable_orders (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...Object.values(row));
      const newId = Number(info.lastInsertRowid);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: newId, action: 'create', changes: created({ ...v, status: 'pending_approval' }, [...CONSUMABLE_FIELDS, 'status']) });
      return newId;
    })();
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
    return this.get(id);
  }

  private checkOwner(actor: UserInfo, order: ConsumableOrder, action: string): void {
    if (actor.role !== 'admin' && order.applicant_id !== actor.id) {
      throw new AppError('forbidden', `Only ${order.applicant} (who ordered it) or an administrator can ${action} consumable order ${order.id}.`);
    }
  }

  update(actor: UserInfo, input: ConsumableUpdate): ConsumableOrder {
    const { id, ...patch } = input;
    const unchanged = this.d.db.transaction(() => {
      const before = this.get(id);
      this.checkOwner(actor, before, 'edit');
      checkStatusIn(EDITABLE_ORDER_STATUSES, 'edit', `consumable order ${id}`, before.status);
      const changes = diff(before as unknown as Record<string, unknown>, patch, CONSUMABLE_FIELDS);
      if (Object.keys(changes).length === 0) return before;
      const sets = { ...Object.fromEntries(Object.keys(changes).map((f) => [f, (patch as Record<string, unknown>)[f]])), ...searchColumns(ENDPOINT, { ...before, ...patch }) };
      updateRow(this.d.db, 'consumable_orders', id, sets);
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
      checkStatusIn(DELETABLE_ORDER_STATUSES, 'delete', `consumable order ${id}`, before.status);
      this.d.db.prepare('DELETE FROM consumable_orders WHERE id = ?').run(id);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action: 'delete', changes: deleted(before, [...CONSUMABLE_FIELDS, 'status']) });
    })();
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
  }

  approve(actor: UserInfo, id: number): ConsumableOrder {
    return this.transition(actor, id, 'approve');
  }

  reject(actor: UserInfo, id: number, reason: string): ConsumableOrder {
    return this.transition(actor, id, 'reject', { reject_reason: reason });
  }

  complete(actor: UserInfo, id: number): ConsumableOrder {
    return this.transition(actor, id, 'complete');
  }

  private transition(actor: UserInfo, id: number, action: keyof typeof CONSUMABLE_TRANSITIONS, extra: Record<string, unknown> = {}): ConsumableOrder {
    this.d.db.transaction(() => {
      const before = this.get(id);
      const to = checkTransition(CONSUMABLE_TRANSITIONS[action], action, `consumable order ${id}`, before.status);
      const sets: Record<string, unknown> = { status: to, ...extra };
      updateRow(this.d.db, 'consumable_orders', id, sets);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action, changes: diff(before as unknown as Record<string, unknown>, sets, ['status', 'reject_reason']) });
    })();
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id] }]);
    return this.get(id);
  }
}
