// Stock actions on an inventory item (use, borrow, return, dispose, adjust, move, split): each
// checks the amount against the balance and writes the item and its movement in one transaction.
import type { RecordsDeps } from './deps';

export class StockService {
  constructor(readonly d: RecordsDeps) {}
}
