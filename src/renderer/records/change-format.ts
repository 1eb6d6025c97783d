// One audit change as people read it: the field under its form label, each value in words —
// statuses and roles translated, booleans 是/否, times in local time, amounts with their unit,
// empty as a dash. Shared by the history drawer, an item's details and the admin audit screen.
import type { TFunction } from 'i18next';
import { boolean, dateTime, EMPTY } from '../app/format';
import type { AuditListEntry } from '../../shared/audit';
import type { HistoryEntry } from '../../shared/records';
import { amountText } from './item-display';

/** An inventory item's fields that hold an amount in the item's unit. */
const AMOUNT_FIELDS = new Set(['quantity', 'min_stock', 'container_size', 'borrowed_amount']);

/** The unit an entry's amounts were in: before it (its `from` values) and after it (its `to` values). */
export interface EntryUnits {
  from?: string;
  to?: string;
}

const BOOLEAN_FIELDS = new Set(['hazardous', 'active']);
/** User accounts' audited fields are labelled as on the Users screen. */
const USER_FIELD_LABELS: Record<string, string> = { username: 'users.username', displayName: 'users.displayName', role: 'users.role', active: 'users.active' };

export function fieldLabel(field: string, t: TFunction, kind?: string): string {
  if (kind === 'user' && USER_FIELD_LABELS[field]) return t(USER_FIELD_LABELS[field]);
  if (kind === 'location') return t(`locations.field.${field}`, { defaultValue: field });
  if (kind === 'controlled_list') return t(`controlled.field.${field}`, { defaultValue: field });
  if (kind === 'stocktake') return t(`stocktake.field.${field}`, { defaultValue: field });
  // The note of a move is labelled by the locations bundle; a stocktake's adjustment by its own.
  return t(`records.field.${field}`, { defaultValue: t(`locations.field.${field}`, { defaultValue: t(`stocktake.field.${field}`, { defaultValue: field }) }) });
}

export function fieldValue(field: string, v: unknown, t: TFunction): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  if (BOOLEAN_FIELDS.has(field)) return boolean(v, t);
  if (typeof v === 'boolean') return boolean(v, t);
  if (field === 'status') return t(`records.status.${String(v)}`, { defaultValue: String(v) });
  if (field === 'role') return t(`header.role.${String(v)}`, { defaultValue: String(v) });
  if (field.endsWith('_at') && typeof v === 'string') return dateTime(v);
  return String(v);
}

/** A value of the change; an amount with its unit ("480 mL") when the unit is known. */
function changeValue(field: string, v: unknown, t: TFunction, unit: string | undefined): string {
  if (unit && AMOUNT_FIELDS.has(field) && (typeof v === 'number' || typeof v === 'string') && v !== '') return amountText(v, unit);
  return fieldValue(field, v, t);
}

/**
 * `状态：在库 → 借出` (`Status: In stock → Borrowed`; a created field reads `— → value`, a deleted
 * one `value → —`); `数量：500 mL → 480 mL` given the item's units.
 */
export function changeLine(field: string, [from, to]: [unknown, unknown], t: TFunction, kind?: string, units: EntryUnits = {}): string {
  return t('records.changeLine', { field: fieldLabel(field, t, kind), from: changeValue(field, from, t, units.from), to: changeValue(field, to, t, units.to) });
}

/**
 * An item's unit before and after each of its entries, read from its log (oldest first): the
 * creation sets it, a unit change says both. Entries before any of that have no known unit.
 */
export function entryUnits(entries: readonly Pick<HistoryEntry, 'id' | 'changes'>[]): Map<number, EntryUnits> {
  const out = new Map<number, EntryUnits>();
  let unit: string | undefined;
  for (const e of [...entries].sort((a, b) => a.id - b.id)) {
    const change = e.changes.unit;
    const from = change ? (typeof change[0] === 'string' && change[0] ? change[0] : undefined) : unit;
    if (change) unit = typeof change[1] === 'string' && change[1] ? change[1] : unit;
    out.set(e.id, { from, to: unit });
  }
  return out;
}

/** An audit screen entry's units: the unit after it, and before it the one a unit change names. */
export function auditEntryUnits(e: Pick<AuditListEntry, 'recordUnit' | 'changes'>): EntryUnits {
  const change = e.changes.unit;
  return { from: change && typeof change[0] === 'string' && change[0] ? change[0] : e.recordUnit, to: e.recordUnit };
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The changes worth a line: a delete logs every field, and one empty before and after says nothing. */
export function shownChanges(changes: Record<string, [unknown, unknown]>): Array<[string, [unknown, unknown]]> {
  return Object.entries(changes).filter(([, [from, to]]) => !(blank(from) && blank(to)));
}

export function actionLabel(action: string, t: TFunction): string {
  const own = t(`controlled.auditAction.${action}`, { defaultValue: t(`stocktake.auditAction.${action}`, { defaultValue: action }) });
  return t(`records.history.action.${action}`, { defaultValue: t(`locations.historyAction.${action}`, { defaultValue: own }) });
}

/** An audit entry's record as a reader sees it: `#id name`, a controlled list by its name in the UI's language. */
export function recordLabel(e: Pick<AuditListEntry, 'recordId' | 'recordName' | 'recordNameEn'>, language: string): string {
  const name = language.startsWith('en') && e.recordNameEn ? e.recordNameEn : e.recordName;
  return `#${e.recordId} ${name ?? ''}`.trim();
}
