// The field and scope sentinels of completion. The endpoints, their tables and indexed fields are
// LISTS in src/shared/records.ts; what the entity index reads of each is
// stores/completion/record-facts-store.ts.

/** The all-fields sentinel: the only field completion uses. */
export const ALL_FIELDS = 'all';
/** The global-scope sentinel of search memory (real user ids are positive), as search_memory stores it. */
export { GLOBAL_USER } from '../stores/completion/search-memory-store';
