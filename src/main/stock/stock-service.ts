// Stock actions on an inventory item (use, borrow, return, consume, dispose, adjust, split): each
// checks the amount against the balance and writes the item, its movements and its audit entry in
// one write unit (BEGIN IMMEDIATE) — the balance is read under the write lock, so two people using
// the same bottle at once cannot drive it below zero. The model: README.md ("Stock (issue 10)").
import type Big from 'big.js';
import { AppError, fieldError, fieldInvalid, fieldsInvalid } from '../../shared/errors';
import type { MessageKey } from '../../shared/messages';
import type { UserInfo } from '../../shared/contract';
import type { AdjustInput, BorrowInput, DisposeInput, ReturnInput, SplitInput, UseInput } from '../../shared/contract/stock';
import { confirmSecondPerson, secondPersonMissing, secondPersonMissingFields, type SecondPersonInput } from './second-person';
import type { InventoryItem } from '../../shared/records';
import { localDay, type StockMovement } from '../../shared/stock';
import { amountProblem, convert, formatAmount, MAX_DECIMALS, toDecimal, toNumber } from '../../shared/amounts';
import { secondPersonRule, STOCK_ACTION_FROM, SYSTEM_REASONS, type StockAction } from '../../shared/stock-actions';
import { afterCommit, diff, type RecordsDeps } from '../records/deps';
import { checkStatusIn } from '../records/status-tables';
import type { MovementInput } from './stock-ledger';
import type { LabReads, LabWrites } from '../stores/lab-data';
import { insertItem, inventoryRowValues, readItem } from '../records/inventory-service';
import { locationById } from '../locations/location-tree';
import { recordAudit } from '../audit/audit-log';
import { exportMovements, type MovementExportInput } from './stock-export';
import type { ExportFile } from '../list-export/export-file';

const ENDPOINT = '/inventory/' as const;
const ENTITY = 'inventory_item';
const AUDITED = ['quantity', 'unit', 'status', 'opened_date', 'borrowed_by', 'borrowed_at', 'borrowed_amount', 'borrow_due', 'storage_location'] as const;

/** What one action writes: the item's changed columns and its movements (balance_after filled in by the caller). */
interface Effect {
  sets: Record<string, unknown>;
  movements: Array<Omit<MovementInput, 'item_id' | 'user_id' | 'unit'>>;
}

export interface StockServiceDeps extends RecordsDeps {
  /** Where a ledger file is written (the data directory's exports). */
  exportsDir: string;
}

export class StockService {
  constructor(readonly d: StockServiceDeps) {}

  use(actor: UserInfo, input: UseInput): Promise<InventoryItem> {
    return this.act(actor, input.id, 'use', (item, balance) => {
      const amount = this.amountOf(item, input.amount, input.unit, balance);
      const after = balance.minus(amount);
      const sets: Record<string, unknown> = { quantity: toNumber(after) };
      if (after.eq(0)) sets.status = 'consumed';
      if (!item.opened_date) sets.opened_date = localDay();
      return { sets, movements: [{ kind: 'used', amount: toNumber(amount), delta: -toNumber(amount), balance_after: toNumber(after), reason: input.note ?? '' }] };
    }, undefined, input.second_person);
  }

  /**
   * The container goes with the borrower; the balance stays until it comes back (return). A
   * controlled item's borrowing needs the second person and a purpose (用途), which the movement
   * keeps for the controlled ledger; both are named at once when both are missing, before any
   * password is checked. Under the lock the item is asked again (it may have been listed since).
   */
  async borrow(actor: UserInfo, input: BorrowInput): Promise<InventoryItem> {
    const purpose = input.purpose ?? '';
    if (await this.controlledOf(input.id)) {
      const missing = { ...(purpose ? {} : fieldError('purpose', 'field.purposeRequired')), ...(input.second_person ? {} : secondPersonMissingFields()) };
      if (Object.keys(missing).length) throw fieldsInvalid(missing);
    }
    return this.act(actor, input.id, 'borrow', (item, balance) => {
      if (item.controlled && !purpose) throw fieldInvalid('purpose', 'field.purposeRequired');
      const amount = input.amount === undefined ? balance : this.amountOf(item, input.amount, input.unit, balance);
      const due = input.due_date ?? null;
      return {
        sets: { status: 'borrowed', borrowed_by: actor.id, borrowed_at: new Date().toISOString(), borrowed_amount: toNumber(amount), borrow_due: due },
        movements: [{ kind: 'borrowed', amount: toNumber(amount), delta: 0, balance_after: toNumber(balance), due_date: due, purpose }],
      };
    }, undefined, input.second_person);
  }

  /** What comes back; the rest of what was borrowed is recorded as used ("not returned"). */
  return(actor: UserInfo, input: ReturnInput): Promise<InventoryItem> {
    return this.act(actor, input.id, 'return', (item, balance) => {
      if (actor.role !== 'admin' && item.borrowed_by !== actor.id) {
        throw new AppError('forbidden', 'records.borrowedByOther', { id: item.id, name: item.borrowed_by_name ?? '?' });
      }
      // Older borrowings (before amounts) took the whole item; never more than the balance (a
      // part disposed of while borrowed, before dispose capped it), so the return cannot go below 0.
      const borrowed = min(toDecimal(item.borrowed_amount ?? item.quantity), balance);
      const back = input.amount === undefined ? borrowed : this.amountOf(item, input.amount, input.unit, borrowed);
      const used = borrowed.minus(back);
      const after = balance.minus(used);
      const movements: Effect['movements'] = [{ kind: 'returned', amount: toNumber(back), delta: 0, balance_after: toNumber(balance) }];
      if (used.gt(0)) movements.push({ kind: 'used', amount: toNumber(used), delta: -toNumber(used), balance_after: toNumber(after), reason: SYSTEM_REASONS.notReturned });
      const sets: Record<string, unknown> = { status: after.eq(0) ? 'consumed' : 'in_stock', quantity: toNumber(after), ...NOT_BORROWED };
      if (used.gt(0) && !item.opened_date) sets.opened_date = localDay();
      return { sets, movements };
    }, undefined, input.second_person);
  }

  /** Uses the whole balance ("用完"). */
  consume(actor: UserInfo, id: number, second?: SecondPersonInput): Promise<InventoryItem> {
    return this.act(actor, id, 'consume', (_item, balance) => ({
      sets: { status: 'consumed', quantity: 0, ...NOT_BORROWED },
      movements: [{ kind: 'used', amount: toNumber(balance), delta: -toNumber(balance), balance_after: 0 }],
    }), undefined, second);
  }

  /** Part or all; all (the default) disposes of the item. */
  dispose(actor: UserInfo, input: DisposeInput): Promise<InventoryItem> {
    return this.act(actor, input.id, 'dispose', (item, balance) => {
      const amount = input.amount === undefined ? balance : this.amountOf(item, input.amount, input.unit, balance);
      const after = balance.minus(amount);
      const sets: Record<string, unknown> = after.eq(0) ? { status: 'disposed', quantity: 0, ...NOT_BORROWED } : { quantity: toNumber(after) };
      // A part disposed of while borrowed: what is out can no longer be more than what is left, or
      // the return would count the disposed part as used a second time.
      if (!after.eq(0) && item.status === 'borrowed' && item.borrowed_amount !== null && after.lt(item.borrowed_amount)) sets.borrowed_amount = toNumber(after);
      return { sets, movements: [{ kind: 'disposed', amount: toNumber(amount), delta: -toNumber(amount), balance_after: toNumber(after), reason: input.reason }] };
    }, undefined, input.second_person);
  }

  /** Stocktake: the counted amount replaces the balance; the difference is the movement. */
  adjust(actor: UserInfo, input: AdjustInput): Promise<InventoryItem> {
    return this.act(actor, input.id, 'adjust', (item, balance) => {
      const counted = this.amountOf(item, input.amount, input.unit, null);
      const delta = counted.minus(balance);
      return {
        sets: { quantity: toNumber(counted), status: counted.eq(0) ? 'consumed' : 'in_stock' },
        movements: [{ kind: 'adjusted', amount: toNumber(delta.abs()), delta: toNumber(delta), balance_after: toNumber(counted), reason: input.reason }],
      };
    }, undefined, input.second_person);
  }

  /** Takes part of a lot (whole containers or an amount) into a new item, optionally at another location. */
  async split(actor: UserInfo, input: SplitInput): Promise<{ item: InventoryItem; newItem: InventoryItem }> {
    let newId = 0;
    const item = await this.act(actor, input.id, 'split', async (before, balance, tx) => {
      const amount = this.splitAmount(before, input, balance);
      const after = balance.minus(amount);
      const location = input.location_id != null ? await locationById(tx.locations, input.location_id) : { location_id: before.location_id, storage_location: before.storage_location };
      const values = inventoryRowValues({ ...copyable(before), quantity: toNumber(amount) }, before.cas_number, location);
      newId = await insertItem(tx, values, actor, {
        action: 'split',
        movement: (id) => ({
          item_id: id, user_id: actor.id, kind: 'split', amount: toNumber(amount), delta: toNumber(amount), unit: before.unit, balance_after: toNumber(amount),
          reason: input.note ?? '', related_item_id: before.id, from_location_id: before.location_id, from_location: before.storage_location || null,
          to_location_id: location.location_id, to_location: location.storage_location || null,
        }),
      });
      return {
        sets: { quantity: toNumber(after) },
        movements: [{
          kind: 'split', amount: toNumber(amount), delta: -toNumber(amount), balance_after: toNumber(after), reason: input.note ?? '', related_item_id: newId,
          from_location_id: before.location_id, from_location: before.storage_location || null, to_location_id: location.location_id, to_location: location.storage_location || null,
        }],
      };
    }, () => [newId]);
    return { item, newItem: await this.d.data.read((r) => readItem(r, newId)) };
  }

  /** The item's ledger, oldest first; a deleted item keeps its movements. */
  movements(id: number): Promise<StockMovement[]> {
    return this.d.data.read((r) => ledgerOf(r, id));
  }

  /** The file is written after the read unit: the movements and the name come from one snapshot. */
  async export(input: Omit<MovementExportInput, 'item' | 'movements'> & { id: number }): Promise<ExportFile> {
    const { movements, name } = await this.d.data.read(async (r) => ({ movements: await ledgerOf(r, input.id), name: (await r.inventory.nameOf(input.id)) ?? `#${input.id}` }));
    return exportMovements(this.d.exportsDir, { format: input.format, lang: input.lang, item: { id: input.id, name }, movements });
  }

  /**
   * `amount` of `unit` (empty: the item's unit) in the item's unit, checked: convertible, still an
   * amount with at most MAX_DECIMALS decimals once converted, and not over `limit` when given.
   */
  private amountOf(item: InventoryItem, amount: number, unit: string | undefined, limit: Big | null): Big {
    const from = unit ? unit : item.unit;
    const inItemUnit = convert(toDecimal(amount), from, item.unit);
    if (!inItemUnit) throw fieldInvalid('unit', 'stock.unitNotConvertible', { unit: from, itemUnit: item.unit || '—' });
    const problem = amountProblem(toNumber(inItemUnit), { allowZero: limit === null });
    if (problem || inItemUnit.round(MAX_DECIMALS).cmp(inItemUnit) !== 0) throw fieldInvalid('amount', (problem ?? 'field.decimals') as MessageKey, { max: MAX_DECIMALS });
    if (limit && inItemUnit.gt(limit)) throw fieldInvalid('amount', 'field.overBalance', { balance: formatAmount(limit), unit: item.unit });
    return inItemUnit;
  }

  private splitAmount(item: InventoryItem, input: SplitInput, balance: Big): Big {
    let amount: Big;
    if (input.containers !== undefined) {
      if (input.amount !== undefined) throw fieldInvalid('amount', 'stock.containersOrAmount');
      if (!item.container_size) throw fieldInvalid('containers', 'stock.noContainerSize');
      amount = toDecimal(item.container_size).times(input.containers);
      if (amount.gt(balance)) throw fieldInvalid('containers', 'field.overBalance', { balance: formatAmount(balance), unit: item.unit });
    } else if (input.amount !== undefined) {
      amount = this.amountOf(item, input.amount, input.unit, balance);
    } else throw fieldInvalid('amount', 'field.required');
    // Splitting everything off would leave an empty item behind: that is a move.
    if (amount.gte(balance)) throw fieldInvalid(input.containers !== undefined ? 'containers' : 'amount', 'stock.splitAll', { balance: formatAmount(balance), unit: item.unit });
    return amount;
  }

  /**
   * Controlled chemicals (双人双锁): the second person's id, checked before the write unit (a
   * password check is slow; the write lock is not held for it). Who needs one is the shared rule
   * (secondPersonRule); its `whenUsed` case is refused in act(), once the movements are known. A
   * confirmation sent with a full return is checked all the same (act() never asks for one on a
   * split); on an item that is not controlled: null, and nothing sent is checked.
   */
  private async secondPerson(actor: UserInfo, id: number, action: StockAction, second: SecondPersonInput | undefined): Promise<number | null> {
    const flag = await this.controlledOf(id);
    if (!flag) return null;
    if (secondPersonRule(action) !== 'always' && !second) return null;
    return confirmSecondPerson(this.d.data, actor.id, second);
  }

  /** The item's controlled flag, read outside the action's unit (it decides only whether to ask; act() decides again under the lock). */
  private controlledOf(id: number): Promise<string | null | undefined> {
    return this.d.data.read((r) => r.inventory.controlledOf(id));
  }

  /**
   * One action in one write unit: status check, the effect (which checks the amounts against the
   * balance read under the lock), the row update, movements and audit entry; the item is read
   * back after the commit.
   * On a controlled item every movement of an `always` action (a borrowing too, which leaves the
   * balance) and every other one that changes the balance carries the second person (a split
   * excepted: the amount stays in the lab, as two items).
   */
  private async act(
    actor: UserInfo,
    id: number,
    action: StockAction,
    effect: (item: InventoryItem, balance: Big, tx: LabWrites) => Effect | Promise<Effect>,
    moreIds: () => number[] = () => [],
    second?: SecondPersonInput,
  ): Promise<InventoryItem> {
    const secondId = action === 'split' ? null : await this.secondPerson(actor, id, action, second);
    await this.d.data.withWriteTransaction(async (tx) => {
      const before = await readItem(tx, id);
      checkStatusIn(STOCK_ACTION_FROM[action], action, { kind: ENTITY, id }, before.status);
      const { sets, movements } = await effect(before, toDecimal(before.quantity), tx);
      if (before.controlled && action !== 'split' && secondId === null && (secondPersonRule(action) === 'always' || movements.some((m) => m.delta !== 0))) {
        throw secondPersonMissing();
      }
      for (const m of movements) await tx.movements.insert({ ...m, item_id: id, user_id: actor.id, unit: before.unit, second_user_id: secondId });
      await tx.inventory.update(id, sets);
      const changes = diff(before as unknown as Record<string, unknown>, sets, AUDITED);
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: id, action, changes });
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [id, ...moreIds()] }]);
    return this.d.data.read((r) => readItem(r, id));
  }
}

const min = (a: Big, b: Big) => (a.lt(b) ? a : b);

/** An item's movements in the open unit `r`; not_found when there are none and no such item (one that never existed). */
async function ledgerOf(r: Pick<LabReads, 'inventory' | 'movements'>, id: number): Promise<StockMovement[]> {
  const rows = await r.movements.forItem(id);
  if (rows.length === 0) await readItem(r, id);
  return rows;
}

const NOT_BORROWED = { borrowed_by: null, borrowed_at: null, borrowed_amount: null, borrow_due: null };

/** The fields a split-off item shares with its lot (everything but the amount and the location). */
function copyable(item: InventoryItem) {
  return {
    name: item.name, english_name: item.english_name, specification: item.specification, unit: item.unit, brand: item.brand, category: item.category,
    product_number: item.product_number, hazardous: item.hazardous, container_size: item.container_size, container_label: item.container_label,
    lot_number: item.lot_number, expiry_date: item.expiry_date, received_date: item.received_date, opened_date: item.opened_date, supplier: item.supplier,
    min_stock: item.min_stock, ghs: item.ghs, notes: item.notes,
  };
}
