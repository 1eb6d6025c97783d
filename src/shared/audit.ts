// The audit log as the admin's audit screen reads it: which kinds of record and which actions
// are logged, and the shape of one listed entry.
import { CONSUMABLE_TRANSITIONS, REAGENT_TRANSITIONS } from './workflows';
import { STOCK_ACTION_FROM } from './stock-actions';

/** A stocktake's audit entries: scans and ticks are not among them (the line keeps who saw it and when). */
export const STOCKTAKE_AUDIT_ACTIONS = ['start', 'count', 'untick', 'cancel', 'close'] as const;

export const AUDIT_KINDS = ['inventory_item', 'reagent_order', 'consumable_order', 'user', 'location', 'controlled_list', 'stocktake'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Every action a service writes to the audit log (the workflow and stock steps plus the edits). */
export const AUDIT_ACTIONS = [
  ...new Set(['create', 'import', 'update', 'delete', ...Object.keys(STOCK_ACTION_FROM), ...Object.keys(REAGENT_TRANSITIONS), ...Object.keys(CONSUMABLE_TRANSITIONS), 'reset_password', 'move', 'add_cas', 'remove_cas', ...STOCKTAKE_AUDIT_ACTIONS]),
] as [string, ...string[]];

export interface AuditListEntry {
  id: number;
  /** ISO 8601 UTC; the renderer shows it in local time. */
  at: string;
  userId: number | null;
  userName: string | null;
  kind: AuditKind;
  recordId: number;
  /** The record's name as of this entry (also for a record deleted since). */
  recordName: string | null;
  /** A controlled list's English name as of this entry (recordName is its Chinese one). */
  recordNameEn?: string;
  /** An inventory item's unit after this entry (its amounts are in it; a unit change says the one before). */
  recordUnit?: string;
  action: string;
  /** field → [before, after]; user-id fields carry the person's display name. */
  changes: Record<string, [unknown, unknown]>;
}

export interface AuditPage {
  entries: AuditListEntry[];
  total: number;
  page: number;
  pageSize: number;
}
