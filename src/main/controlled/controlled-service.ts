// Controlled chemicals: the categories and their CAS lists (lab.db v8). Flagging items and orders
// is done by triggers in the same transaction as every write (lab-schema.ts v8).
import type { RecordsDeps } from '../records/deps';
import type { ControlledCategory } from '../../shared/controlled';
import { prepareCached } from '../db/statements';

export class ControlledService {
  constructor(private readonly deps: RecordsDeps) {}

  categories(): ControlledCategory[] {
    return prepareCached(
      this.deps.db,
      `SELECT c.id, c.key, c.name_zh, c.name_en, c.sort, (SELECT count(*) FROM controlled_cas e WHERE e.category_id = c.id) AS count
         FROM controlled_categories c ORDER BY c.sort, c.id`,
    ).all() as ControlledCategory[];
  }
}
