// What reagent and consumable orders share: members create orders and edit or delete their own
// while pending; admins move them through the workflow of src/shared/workflows.ts. Each kind of order
// supplies its table, fields, transitions and messages (OrderKind); the steps are written once.
import { AppError, fieldError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ImportAnswer, ImportRef } from '../../shared/contract/cart';
import type { ListQuery } from '../../shared/contract/records';
import type { ListEndpoint, ListResult, RecordEntityType } from '../../shared/records';
import { afterCommit, created, deleted, diff, type RecordsDeps } from './deps';
import { derivedColumns, listResult, readListPage, type ListSpec } from './search';
import { checkStatusIn, checkTransition } from './status-tables';
import { DELETABLE_ORDER_STATUSES, EDITABLE_ORDER_STATUSES } from '../../shared/workflows';
import { isDuplicateSubmission, type ImportOrderKind, type Submission } from '../stores/import-submission-store';
import type { LabReads, LabWrites } from '../stores/lab-data';
import { recordAudit } from '../audit/audit-log';
import { announceOrder, type OrderStep } from './order-events';

export interface OrderRecord {
  id: number;
  name: string;
  applicant_id: number;
  applicant: string;
  status: string;
  reject_reason: string | null;
}

/**
 * Refuses (throws an AppError) an import reference that names no item of the current cart-import
 * batch. Asked only when the item has no order yet, so an expired batch still answers with the
 * order its item became. It reads the batch file, so it runs before the order's write unit.
 */
export type ImportCheck = (ref: ImportRef) => void;

/** The units' stores an order kind's table is one of (reagent-order-store.ts, consumable-order-store.ts). */
type OrderTable = 'reagentOrders' | 'consumableOrders';

export interface OrderKind<T extends OrderRecord, A extends string> {
  /** The kind's table among the unit's stores. */
  table: OrderTable;
  /** The order kind in import_submissions. */
  importKind: ImportOrderKind;
  /** Entity type in the audit log (and the record kind refusals name). */
  entity: Extract<RecordEntityType, 'reagent_order' | 'consumable_order'>;
  endpoint: ListEndpoint;
  /** The editable fields, in audit order. */
  fields: readonly string[];
  transitions: Record<A, { from: readonly string[]; to: string }>;
  list: ListSpec<T>;
  notFound(id: number): AppError;
  notOwner(order: T, action: string): AppError;
}

export abstract class OrderService<T extends OrderRecord, A extends OrderStep> {
  constructor(
    protected readonly d: RecordsDeps,
    private readonly kind: OrderKind<T, A>,
  ) {}

  async list(q: ListQuery): Promise<ListResult<T>> {
    return listResult(await this.d.data.read((r) => readListPage(r, this.kind.list, q)), q);
  }

  get(id: number): Promise<T> {
    return this.d.data.read((r) => this.read(r, id));
  }

  /** The order `id` read in the open unit `r`; the kind's not_found when there is none. */
  protected async read(r: Pick<LabReads, OrderTable>, id: number): Promise<T> {
    const row = await r[this.kind.table].byId(id);
    if (!row) throw this.kind.notFound(id);
    return this.kind.list.map(row as unknown as Record<string, unknown>);
  }

  /** The kind's table in the open write unit `tx`. */
  protected orders(tx: LabWrites): LabWrites[OrderTable] {
    return tx[this.kind.table];
  }

  /**
   * A new pending order of `actor` with the given column values; `audit` is how the values read in
   * the audit log (e.g. booleans rather than the stored 0/1). With an import reference the order
   * and its import_submissions row are written in one unit, and an item that already has an order
   * gets that order back (`existing: true`) with nothing written, audited or announced.
   */
  protected async insert(actor: UserInfo, values: Record<string, unknown>, audit: Record<string, unknown>, ref?: ImportRef, check?: ImportCheck): Promise<ImportAnswer<T>> {
    const { entity, endpoint, fields, importKind } = this.kind;
    const row = { ...values, applicant_id: actor.id, status: 'pending_approval', ...derivedColumns(endpoint, { ...values, applicant: actor.displayName }) };
    if (ref) {
      // The batch check reads a file, so it cannot run inside the unit: an item that already has
      // its order answers with it unchecked, any other is checked first.
      const prior = await this.d.data.read((r) => this.priorAnswer(r, ref));
      if (prior) return prior;
      check?.(ref);
    }
    let res: { order: T; existing: boolean };
    try {
      res = await this.d.data.withWriteTransaction(async (tx) => {
        // Under the write lock: a submission another connection committed since is seen rather
        // than raced; the UNIQUE pair stays the last guard.
        const prior = ref ? await this.priorAnswer(tx, ref) : undefined;
        if (prior) return { order: prior, existing: true };
        const newId = await this.orders(tx).insert(row);
        if (ref) await tx.importSubmissions.insert({ batch_id: ref.batch_id, item_id: ref.item_id, order_kind: importKind, order_id: newId, created_by: actor.id });
        await recordAudit(tx, { userId: actor.id, entityType: entity, entityId: newId, action: 'create', changes: created({ ...audit, status: 'pending_approval' }, [...fields, 'status']) });
        return { order: await this.read(tx, newId), existing: false };
      });
    } catch (e) {
      const prior = ref && isDuplicateSubmission(e) ? await this.d.data.read((r) => this.priorAnswer(r, ref)) : undefined;
      if (!prior) throw e;
      res = { order: prior, existing: true };
    }
    if (res.existing) return res.order;
    afterCommit(this.d, [{ endpoint, ids: [res.order.id] }]);
    return this.announce(actor, 'request', res.order);
  }

  /** The answer for an item that already became an order (that order, `existing`), read in the open unit `r`. */
  private async priorAnswer(r: Pick<LabReads, OrderTable | 'importSubmissions'>, ref: ImportRef): Promise<(T & { existing: true }) | undefined> {
    const prior = await r.importSubmissions.forItem(ref.batch_id, ref.item_id);
    return prior && { ...(await this.read(r, this.priorOrder(prior))), existing: true };
  }

  /** The order an item became; refused when it became the other kind of order. */
  private priorOrder(prior: Submission): number {
    if (prior.order_kind === this.kind.importKind) return prior.order_id;
    throw new AppError('conflict', 'records.alreadySubmitted', { kind: prior.order_kind, id: prior.order_id }, { fields: fieldError('import_ref', 'field.alreadySubmitted'), details: { order_type: prior.order_kind, order_id: prior.order_id } });
  }

  private checkOwner(actor: UserInfo, order: T, action: string): void {
    if (actor.role !== 'admin' && order.applicant_id !== actor.id) throw this.kind.notOwner(order, action);
  }

  /**
   * Edits a pending order of the actor's own (or any, for an admin). `next` turns the request's
   * patch into field values (it sees the order as it is); `column` turns a field value into what
   * is stored. Nothing changed → nothing written, the order returned as it is.
   */
  protected async edit(actor: UserInfo, id: number, next: (before: T) => Record<string, unknown>, column: (field: string, value: unknown) => unknown = (_, v) => v): Promise<T> {
    const { entity, endpoint, fields } = this.kind;
    const { order, changed } = await this.d.data.withWriteTransaction(async (tx) => {
      const before = await this.read(tx, id);
      this.checkOwner(actor, before, 'edit');
      checkStatusIn(EDITABLE_ORDER_STATUSES, 'edit', { kind: this.kind.entity, id }, before.status);
      const values = next(before);
      const changes = diff(before as unknown as Record<string, unknown>, values, fields);
      if (Object.keys(changes).length === 0) return { order: before, changed: false };
      const sets = { ...Object.fromEntries(Object.keys(changes).map((f) => [f, column(f, values[f])])), ...derivedColumns(endpoint, { ...before, ...values }) };
      await this.orders(tx).update(id, sets);
      await recordAudit(tx, { userId: actor.id, entityType: entity, entityId: id, action: 'update', changes });
      return { order: await this.read(tx, id), changed: true };
    });
    if (changed) afterCommit(this.d, [{ endpoint, ids: [id] }]);
    return order;
  }

  async delete(actor: UserInfo, id: number): Promise<void> {
    const { entity, endpoint, fields } = this.kind;
    await this.d.data.withWriteTransaction(async (tx) => {
      const before = await this.read(tx, id);
      this.checkOwner(actor, before, 'delete');
      checkStatusIn(DELETABLE_ORDER_STATUSES, 'delete', { kind: this.kind.entity, id }, before.status);
      await this.orders(tx).delete(id);
      await tx.importSubmissions.deleteForOrder(this.kind.importKind, id);
      await recordAudit(tx, { userId: actor.id, entityType: entity, entityId: id, action: 'delete', changes: deleted(before, [...fields, 'status']) });
    });
    afterCommit(this.d, [{ endpoint, ids: [id] }]);
  }

  /** One step of the workflow (approve, reject, …), refused unless the order's status allows it. */
  protected async transition(actor: UserInfo, id: number, action: A, extra: Record<string, unknown> = {}): Promise<T> {
    const { entity, endpoint } = this.kind;
    const order = await this.d.data.withWriteTransaction(async (tx) => {
      const before = await this.read(tx, id);
      const to = checkTransition(this.kind.transitions[action], action, { kind: this.kind.entity, id }, before.status);
      const sets: Record<string, unknown> = { status: to, ...extra };
      await this.orders(tx).update(id, sets);
      await recordAudit(tx, { userId: actor.id, entityType: entity, entityId: id, action, changes: diff(before as unknown as Record<string, unknown>, sets, ['status', 'reject_reason']) });
      return this.read(tx, id);
    });
    afterCommit(this.d, [{ endpoint, ids: [id] }]);
    return this.announce(actor, action, order);
  }

  /**
   * Tells the order listener (order-events.ts) of a step whose unit resolved, and answers the order
   * once it was told, so the step's answer comes after its notifications.
   */
  protected async announce(actor: UserInfo, step: OrderStep, order: T, item?: { id: number; storage_location: string }): Promise<T> {
    await announceOrder(this.d, { orderType: this.kind.importKind, step, order, actor, ...(item ? { item } : {}) });
    return order;
  }
}
