// One audit change as people read it: the field under its form label, each value in words —
// statuses and roles translated, booleans 是/否, times in local time, empty as a dash.
// Shared by the history drawer and the admin audit screen.
import type { TFunction } from 'i18next';
import { boolean, dateTime, EMPTY } from '../app/format';
import type { AuditListEntry } from '../../shared/audit';

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

/** `状态: 在库 → 借出` (a created field reads `— → value`, a deleted one `value → —`). */
export function changeLine(field: string, [from, to]: [unknown, unknown], t: TFunction, kind?: string): string {
  return `${fieldLabel(field, t, kind)}: ${fieldValue(field, from, t)} → ${fieldValue(field, to, t)}`;
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
