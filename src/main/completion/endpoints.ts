// What the entity index reads from each list endpoint (spec 000 "Indexed fields per endpoint"). The
// endpoints, their tables and indexed fields are LISTS in src/shared/records.ts; the SQL here is
// derived from it.
import { LISTS, type ListEndpoint } from '../../shared/records';

/** The all-fields sentinel: the only field completion uses. */
export const ALL_FIELDS = 'all';
/** The global-scope sentinel of search memory (real user ids are positive). */
export const GLOBAL_USER = 0;

/** SELECT of the facts one endpoint indexes, aliased `t`; `applicant` is the applicant's display name. */
function entitySql(endpoint: ListEndpoint): string {
  const { table, indexed } = LISTS[endpoint];
  const fields: readonly string[] = indexed;
  const cols = fields.map((f) => (f === 'applicant' ? 'u.display_name AS applicant' : `t.${f}`));
  const join = fields.includes('applicant') ? ' LEFT JOIN users u ON u.id = t.applicant_id' : '';
  return `SELECT t.id, t.status, ${cols.join(', ')} FROM ${table} t${join}`;
}

export function entityByIdSql(endpoint: ListEndpoint): string {
  return `${entitySql(endpoint)} WHERE t.id = ?`;
}

export function allEntitiesSql(endpoint: ListEndpoint): string {
  return `${entitySql(endpoint)} ORDER BY t.id`;
}
