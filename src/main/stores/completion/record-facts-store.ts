// Reads of lab.db's three record tables (inventory_items, reagent_orders, consumable_orders, and
// the applicant's display name from users) for the completion index: the facts of each list
// endpoint's indexed fields (spec 000 "Indexed fields per endpoint"; LISTS in src/shared/records.ts
// names them). It writes nothing. These reads sit here, beside completion's own stores, rather
// than in the owners of the record tables because those owners are being made at the same time
// (docs/stores.md step 2); once they exist, these two reads may move into them unchanged.
import type { Db } from '../../db/open';
import { prepareCached } from '../../db/statements';
import { LISTS, type ListEndpoint } from '../../../shared/records';

/** One entity's indexed fields (`applicant`: the applicant's display name), as stored. */
export interface RecordFact {
  id: number;
  status: string;
  [field: string]: unknown;
}

export interface RecordFactsReads {
  /** One entity's facts; undefined when it no longer exists. */
  fact(endpoint: ListEndpoint, id: number): RecordFact | undefined;
  /**
   * Every entity of the endpoint by id, streamed: one statement, so one consistent snapshot of
   * lab.db while it runs. Call `return()` on an iterator left before its end, so the snapshot ends.
   */
  all(endpoint: ListEndpoint): IterableIterator<RecordFact>;
}

/** SELECT of the facts one endpoint indexes, aliased `t`. */
function factsSql(endpoint: ListEndpoint): string {
  const { table, indexed } = LISTS[endpoint];
  const fields: readonly string[] = indexed;
  const cols = fields.map((f) => (f === 'applicant' ? 'u.display_name AS applicant' : `t.${f}`));
  const join = fields.includes('applicant') ? ' LEFT JOIN users u ON u.id = t.applicant_id' : '';
  return `SELECT t.id, t.status, ${cols.join(', ')} FROM ${table} t${join}`;
}

/** The statement behind `all` (its columns are checked against LISTS by the tests). */
export function allEntitiesSql(endpoint: ListEndpoint): string {
  return `${factsSql(endpoint)} ORDER BY t.id`;
}

export function recordFactsStore(db: Db): RecordFactsReads {
  return {
    fact: (endpoint, id) => prepareCached(db, `${factsSql(endpoint)} WHERE t.id = ?`).get(id) as RecordFact | undefined,
    // Its own statement, not the per-connection cache: a running iterator keeps its statement busy.
    all: (endpoint) => db.prepare(allEntitiesSql(endpoint)).iterate() as IterableIterator<RecordFact>,
  };
}
