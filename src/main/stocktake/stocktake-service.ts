// Stocktakes (盘点) of a location subtree (lab.db v9): start, scan, count, close with adjustments.
import type { RecordsDeps } from '../records/deps';

export class StocktakeService {
  constructor(readonly deps: RecordsDeps) {}
}
