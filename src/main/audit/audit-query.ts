// Reading the audit log for people: the admin's filtered list (newest first, paged) and the
// user-id fields resolved to display names. A deleted record keeps its entries and its name:
// the name shown is the one the record had at that entry, read from the log itself.
import type { Db } from '../db/open';
import type { AuditKind, AuditListEntry, AuditPage } from '../../shared/audit';
import type { AuditQuery } from '../../shared/contract/audit';
import { userStore } from '../stores/user-store';
import { auditStore, type AuditFilter } from '../stores/audit-store';

/** Fields whose values are user ids; people read names. */
const USER_FIELDS = new Set(['borrowed_by', 'applicant_id', 'created_by']);

/** A function that replaces user ids in an entry's changes with display names (one read per call site). */
export function peopleResolver(db: Db): (changes: Record<string, [unknown, unknown]>) => Record<string, [unknown, unknown]> {
  const names = userStore(db).displayNames();
  const person = (v: unknown) => (typeof v === 'number' ? (names.get(v) ?? `#${v}`) : v);
  return (changes) => Object.fromEntries(Object.entries(changes).map(([f, [from, to]]) => [f, USER_FIELDS.has(f) ? [person(from), person(to)] : [from, to]]));
}

/** Stored times are `…T…:…:….mmmZ` text; a bound compares as the same text. */
const asStored = (iso: string) => new Date(iso).toISOString();

export function searchAudit(db: Db, q: AuditQuery): AuditPage {
  const filter: AuditFilter = { user: q.user, from: q.from && asStored(q.from), to: q.to && asStored(q.to), kind: q.kind, action: q.action, record: q.record };
  const audit = auditStore(db);
  const total = audit.count(filter);
  const rows = audit.page(filter, q.pageSize, (q.page - 1) * q.pageSize);
  const people = peopleResolver(db);
  const entries: AuditListEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at,
    userId: r.user_id,
    userName: r.user_name,
    kind: r.entity_type as AuditKind,
    recordId: r.entity_id,
    recordName: r.record_name === null || r.record_name === undefined ? null : String(r.record_name),
    ...(r.record_name_en === null || r.record_name_en === undefined ? {} : { recordNameEn: String(r.record_name_en) }),
    ...(typeof r.record_unit === 'string' && r.record_unit ? { recordUnit: r.record_unit } : {}),
    action: r.action,
    changes: people(JSON.parse(r.changes) as Record<string, [unknown, unknown]>),
  }));
  return { entries, total, page: q.page, pageSize: q.pageSize };
}
