// Consumable orders: pending_approval → approved → completed, or → rejected. Members create and
// edit/delete their own pending orders; admins approve, reject and complete (order-service.ts).
import { AppError, fieldError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ConsumableCreate, ConsumableUpdate } from '../../shared/contract/records';
import type { ConsumableOrder } from '../../shared/records';
import type { RecordsDeps } from './deps';
import type { ListSpec } from './search';
import { OrderService, type ImportCheck } from './order-service';
import type { ImportAnswer } from '../../shared/contract/cart';
import { CONSUMABLE_TRANSITIONS } from '../../shared/workflows';

export const CONSUMABLE_FIELDS = ['name', 'specification', 'quantity', 'unit_price', 'communication', 'notes'] as const;

export const consumableListSpec: ListSpec<ConsumableOrder> = {
  endpoint: '/consumable-orders/',
  map: (r) => r as unknown as ConsumableOrder,
};

export class ConsumableOrderService extends OrderService<ConsumableOrder, keyof typeof CONSUMABLE_TRANSITIONS> {
  constructor(d: RecordsDeps) {
    super(d, {
      table: 'consumableOrders',
      importKind: 'consumable',
      entity: 'consumable_order',
      endpoint: '/consumable-orders/',
      fields: CONSUMABLE_FIELDS,
      transitions: CONSUMABLE_TRANSITIONS,
      list: consumableListSpec,
      notFound: (id) => new AppError('not_found', 'records.noConsumableOrder', { id }, { fields: fieldError('id', 'field.noSuchRecord') }),
      notOwner: (order, action) => new AppError('forbidden', 'records.notOrderOwner', { applicant: order.applicant, action, kind: 'consumable_order', id: order.id }),
    });
  }

  /** `check` vets an import reference (see ImportCheck); the HTTP/IPC handler supplies it. */
  create(actor: UserInfo, input: ConsumableCreate, check?: ImportCheck): Promise<ImportAnswer<ConsumableOrder>> {
    const values = {
      name: input.name,
      specification: input.specification ?? '',
      quantity: input.quantity,
      unit_price: input.unit_price ?? null,
      communication: input.communication ?? '',
      notes: input.notes ?? '',
    };
    return this.insert(actor, values, values, input.import_ref, check);
  }

  update(actor: UserInfo, input: ConsumableUpdate): Promise<ConsumableOrder> {
    const { id, ...patch } = input;
    return this.edit(actor, id, () => patch);
  }

  approve(actor: UserInfo, id: number): Promise<ConsumableOrder> {
    return this.transition(actor, id, 'approve');
  }

  reject(actor: UserInfo, id: number, reason: string): Promise<ConsumableOrder> {
    return this.transition(actor, id, 'reject', { reject_reason: reason });
  }

  complete(actor: UserInfo, id: number): Promise<ConsumableOrder> {
    return this.transition(actor, id, 'complete');
  }
}
