// The stock room (README.md): stock actions and the ledger, on the records' inventory items.
import { type RecordsDeps, exportsDirOf } from '../records/deps';
import { StockService } from './stock-service';

export function wire(deps: RecordsDeps): StockService {
  return new StockService({ ...deps, exportsDir: exportsDirOf(deps) });
}
