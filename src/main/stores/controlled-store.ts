// lab.db's controlled-chemical lists, `controlled_cas` and `controlled_categories` (docs/stores.md).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

export interface ControlledReads {
  /** Whether the CAS number (canonical) is on a controlled list. */
  hasCas(cas: string): boolean;
}

export function controlledStore(db: Db): ControlledReads {
  return {
    hasCas: (cas) => prepareCached(db, 'SELECT 1 FROM controlled_cas WHERE cas = ? LIMIT 1').get(cas) !== undefined,
  };
}
