// Reading the audit log for people: the admin's filtered list (newest first, paged) and the
// user-id fields resolved to display names. A deleted record keeps its entries and its name:
// the name shown is the one the record had at that entry, read from the log itself.
import type { AuditKind, AuditListEntry, AuditPage } from '../../shared/audit';
import type { AuditQuery } from '../../shared/contract/audit';
import type { LabData, LabReads } from '../stores/lab-data';
import type { AuditFilter } from '../stores/audit-store';

/** Fields whose values are user ids; people read names. */
const USER_FIELDS = new Set(['borrowed_by', 'applicant_id', 'created_by']);

type PeopleResolver = (changes: Record<string, [unknown, unknown]>) => Record<string, [unknown, unknown]>;

function resolverOf(names: Map<number, string>): PeopleResolver {
  const person = (v: unknown) => (typeof v === 'number' ? (names.get(v) ?? `#${v}`) : v);
  return (changes) => Object.fromEntries(Object.entries(changes).map(([f, [from, to]]) => [f, USER_FIELDS.has(f) ? [person(from), person(to)] : [from, to]]));
}

/** A function that replaces user ids in an entry's changes with display names, the names read once in the open unit `r`. */
export async function peopleIn(r: Pick<LabReads, 'users'>): Promise<PeopleResolver> {
  return resolverOf(await r.users.displayNames());
}

/** Stored times are `…T…:…:….mmmZ` text; a bound compares as the same text. */
const asStored = (iso: string) => new Date(iso).toISOString();

/** One page of the admin's list; the count, the page and the names come from one snapshot. */
export async function searchAudit(data: LabData, q: AuditQuery): Promise<AuditPage> {
  const filter: AuditFilter = { user: q.user, from: q.from && asStored(q.from), to: q.to && asStored(q.to), kind: q.kind, action: q.action, record: q.record };
  const { total, rows, people } = await data.read(async (r) => ({
    total: await r.audit.count(filter),
    rows: await r.audit.page(filter, q.pageSize, (q.page - 1) * q.pageSize),
    people: await peopleIn(r),
  }));
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
