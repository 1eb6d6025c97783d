// The stocktake room (README.md): stocktakes from start to close and their report.
import path from 'node:path';
import type { RecordsDeps } from '../records/deps';
import { StocktakeService } from './stocktake-service';

export function wire(deps: RecordsDeps): StocktakeService {
  // The connection's file names the data directory; the service itself reaches lab.db only through `data`.
  return new StocktakeService({ ...deps, exportsDir: path.join(deps.dataDir, 'exports') });
}
