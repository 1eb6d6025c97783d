// The stock room (README.md): stock actions and the ledger, on the records' inventory items.
import path from 'node:path';
import type { RecordsDeps } from '../records/deps';
import { StockService } from './stock-service';

export function wire(deps: RecordsDeps): StockService {
  // The connection's file names the data directory; the service itself reaches lab.db only through `data`.
  return new StockService({ ...deps, exportsDir: path.join(deps.dataDir, 'exports') });
}
