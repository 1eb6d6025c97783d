// The supported list endpoints and what the entity index takes from each (spec 000 "Indexed
// fields per endpoint"). Adding an endpoint means: this table, the entity builder SQL below, the
// write-path hooks of the records service, and the client's inlineCompletionEndpoint must agree.
import type { EntityType, ListEndpoint } from '../completion-hooks';
import { ENTITY_OF_ENDPOINT } from '../completion-hooks';

export type { EntityType, ListEndpoint };
export { ENTITY_OF_ENDPOINT };

export const ENDPOINTS: readonly ListEndpoint[] = ['/inventory/', '/reagent-orders/', '/consumable-orders/'];

/** The all-fields sentinel: the only field completion uses. */
export const ALL_FIELDS = 'all';
/** The global-scope sentinel of search memory (real user ids are positive). */
export const GLOBAL_USER = 0;

export function isEndpoint(v: unknown): v is ListEndpoint {
  return typeof v === 'string' && (ENDPOINTS as readonly string[]).includes(v);
}

export const INDEXED_FIELDS: Record<ListEndpoint, readonly string[]> = {
  '/inventory/': ['name', 'cas_number', 'storage_location', 'brand', 'category'],
  '/reagent-orders/': ['name', 'cas_number', 'brand', 'category', 'applicant'],
  '/consumable-orders/': ['name', 'specification', 'communication', 'applicant'],
};

/** SELECT of the facts one endpoint indexes; `applicant` is the applicant's display name. */
export const ENTITY_SQL: Record<ListEndpoint, string> = {
  '/inventory/': `SELECT i.id, i.status, i.name, i.cas_number, i.storage_location, i.brand, i.category FROM inventory_items i`,
  '/reagent-orders/': `SELECT r.id, r.status, r.name, r.cas_number, r.brand, r.category, u.display_name AS applicant
    FROM reagent_orders r LEFT JOIN users u ON u.id = r.applicant_id`,
  '/consumable-orders/': `SELECT c.id, c.status, c.name, c.specification, c.communication, u.display_name AS applicant
    FROM consumable_orders c LEFT JOIN users u ON u.id = c.applicant_id`,
};

const ID_COLUMN: Record<ListEndpoint, string> = { '/inventory/': 'i.id', '/reagent-orders/': 'r.id', '/consumable-orders/': 'c.id' };

export function entityByIdSql(endpoint: ListEndpoint): string {
  return `${ENTITY_SQL[endpoint]} WHERE ${ID_COLUMN[endpoint]} = ?`;
}

export function allEntitiesSql(endpoint: ListEndpoint): string {
  return `${ENTITY_SQL[endpoint]} ORDER BY ${ID_COLUMN[endpoint]}`;
}
