// What reagent and consumable orders share: members create orders and edit or delete their own
// while pending; admins move them through the workflow of src/shared/workflows.ts. Each kind of order
// supplies its table, fields, transitions and messages (OrderKind); the steps are written once.
import { AppError, fieldError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ImportAnswer, ImportRef } from '../../shared/contract/cart';
import type { ListQuery } from '../../shared/contract/records';
import type { ListEndpoint, ListResult, RecordEntityType } from '../../shared/records';
import { afterCommit, created, deleted, diff, type RecordsDeps } from './deps';
import { derivedColumns, listPage, listResult, type ListSpec } from './search';
import { checkStatusIn, checkTransition } from './status-tables';
import { DELETABLE_ORDER_STATUSES, EDITABLE_ORDER_STATUSES } from '../../shared/workflows';
import { importSubmissionStore, isDuplicateSubmission, type ImportOrderKind, type ImportSubmissionWrites, type Submission } from '../stores/import-submission-store';
import { writeTransaction } from '../db/transaction';
import type { Db } from '../db/open';
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
 * order its item became.
 */
export type ImportCheck = (ref: ImportRef) => void;

/** What the steps need of an order kind's store (reagent-order-store.ts, consumable-order-store.ts). */
export interface OrderStore {
  byId(id: number): object | undefined;
  insert(row: Record<string, unknown>): number;
  update(id: number, sets: Record<string, unknown>): void;
  delete(id: number): void;
}

export interface OrderKind<T extends OrderRecord, A extends string> {
  /** The store of the kind's table on a connection. */
  store: (db: Db) => OrderStore;
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
  protected readonly orders: OrderStore;
  private readonly submissions: ImportSubmissionWrites;

  constructor(
    protected readonly d: RecordsDeps,
    private readonly kind: OrderKind<T, A>,
  ) {
    this.orders = kind.store(d.db);
    this.submissions = importSubmissionStore(d.db);
  }

  list(q: ListQuery): ListResult<T> {
    return listResult(listPage(this.d.db, this.kind.list, q), q);
  }

  get(id: number): T {
    const row = this.orders.byId(id);
    if (!row) throw this.kind.notFound(id);
    return this.kind.list.map(row as Record<string, unknown>);
  }

  /**
   * A new pending order of `actor` with the given column values; `audit` is how the values read in
   * the audit log (e.g. booleans rather than the stored 0/1). With an import reference the order
   * and its import_submissions row are written in one transaction, and an item that already has
   * an order gets that order back (`existing: true`) with nothing written, audited or announced.
   */
  protected insert(actor: UserInfo, values: Record<string, unknown>, audit: Record<string, unknown>, ref?: ImportRef, check?: ImportCheck): ImportAnswer<T> {
    const { entity, endpoint, fields, importKind } = this.kind;
    const db = this.d.db;
    const row = { ...values, applicant_id: actor.id, status: 'pending_approval', ...derivedColumns(endpoint, { ...values, applicant: actor.displayName }) };
    const write = (): { id: number; existing: boolean } => {
      if (ref) {
        const prior = this.submissions.forItem(ref.batch_id, ref.item_id);
        if (prior) return { id: this.priorOrder(prior), existing: true };
        check?.(ref);
      }
      const newId = this.orders.insert(row);
      if (ref) this.submissions.insert({ batch_id: ref.batch_id, item_id: ref.item_id, order_kind: importKind, order_id: newId, created_by: actor.id });
      this.d.audit.record({ userId: actor.id, entityType: entity, entityId: newId, action: 'create', changes: created({ ...audit, status: 'pending_approval' }, [...fields, 'status']) });
      return { id: newId, existing: false };
    };
    let res: { id: number; existing: boolean };
    try {
      // IMMEDIATE takes the write lock before the lookup, so a submission committed by another
      // connection is seen rather than raced; the UNIQUE pair stays the last guard.
      res = ref ? writeTransaction(db, write) : writeTransaction(db, write);
    } catch (e) {
      const prior = ref && isDuplicateSubmission(e) ? this.submissions.forItem(ref.batch_id, ref.item_id) : undefined;
      if (!prior) throw e;
      res = { id: this.priorOrder(prior), existing: true };
    }
    if (res.existing) return { ...this.get(res.id), existing: true };
    afterCommit(this.d, [{ endpoint, ids: [res.id] }]);
    return this.announce(actor, 'request', this.get(res.id));
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
  protected edit(actor: UserInfo, id: number, next: (before: T) => Record<string, unknown>, column: (field: string, value: unknown) => unknown = (_, v) => v): T {
    const { entity, endpoint, fields } = this.kind;
    const unchanged = writeTransaction(this.d.db, () => {
      const before = this.get(id);
      this.checkOwner(actor, before, 'edit');
      checkStatusIn(EDITABLE_ORDER_STATUSES, 'edit', { kind: this.kind.entity, id }, before.status);
      const values = next(before);
      const changes = diff(before as unknown as Record<string, unknown>, values, fields);
      if (Object.keys(changes).length === 0) return before;
      const sets = { ...Object.fromEntries(Object.keys(changes).map((f) => [f, column(f, values[f])])), ...derivedColumns(endpoint, { ...before, ...values }) };
      this.orders.update(id, sets);
      this.d.audit.record({ userId: actor.id, entityType: entity, entityId: id, action: 'update', changes });
      return null;
    });
    if (unchanged) return unchanged;
    afterCommit(this.d, [{ endpoint, ids: [id] }]);
    return this.get(id);
  }

  delete(actor: UserInfo, id: number): void {
    const { entity, endpoint, fields } = this.kind;
    writeTransaction(this.d.db, () => {
      const before = this.get(id);
      this.checkOwner(actor, before, 'delete');
      checkStatusIn(DELETABLE_ORDER_STATUSES, 'delete', { kind: this.kind.entity, id }, before.status);
      this.orders.delete(id);
      this.submissions.deleteForOrder(this.kind.importKind, id);
      this.d.audit.record({ userId: actor.id, entityType: entity, entityId: id, action: 'delete', changes: deleted(before, [...fields, 'status']) });
    });
    afterCommit(this.d, [{ endpoint, ids: [id] }]);
  }

  /** One step of the workflow (approve, reject, …), refused unless the order's status allows it. */
  protected transition(actor: UserInfo, id: number, action: A, extra: Record<string, unknown> = {}): T {
    const { entity, endpoint } = this.kind;
    writeTransaction(this.d.db, () => {
      const before = this.get(id);
      const to = checkTransition(this.kind.transitions[action], action, { kind: this.kind.entity, id }, before.status);
      const sets: Record<string, unknown> = { status: to, ...extra };
      this.orders.update(id, sets);
      this.d.audit.record({ userId: actor.id, entityType: entity, entityId: id, action, changes: diff(before as unknown as Record<string, unknown>, sets, ['status', 'reject_reason']) });
    });
    afterCommit(this.d, [{ endpoint, ids: [id] }]);
    return this.announce(actor, action, this.get(id));
  }

  /** Tells the order listener (order-events.ts) of a committed step; answers the order. */
  protected announce(actor: UserInfo, step: OrderStep, order: T, item?: { id: number; storage_location: string }): T {
    announceOrder(this.d, { orderType: this.kind.importKind, step, order, actor, ...(item ? { item } : {}) });
    return order;
  }
}
