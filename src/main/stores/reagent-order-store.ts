// lab.db's `reagent_orders` table (docs/stores.md): the statements converted so far; the rest of
// its SQL is still in the records services (on the lint's not-yet list).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

export interface ReagentOrderReads {
  /** The English name of the most recently changed order with this (canonical) CAS that has one. */
  latestEnglishName(cas: string): { english_name: string; updated_at: string } | undefined;
}

export function reagentOrderStore(db: Db): ReagentOrderReads {
  return {
    latestEnglishName: (cas) =>
      prepareCached(db, `SELECT english_name, updated_at FROM reagent_orders WHERE cas_number = ? AND english_name <> '' ORDER BY updated_at DESC LIMIT 1`).get(cas) as
        | { english_name: string; updated_at: string }
        | undefined,
  };
}
