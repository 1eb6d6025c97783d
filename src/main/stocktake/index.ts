// The stocktake room (README.md): stocktakes from start to close and their report.
import { type RecordsDeps, exportsDirOf } from '../records/deps';
import { StocktakeService } from './stocktake-service';

export function wire(deps: RecordsDeps): StocktakeService {
  return new StocktakeService({ ...deps, exportsDir: exportsDirOf(deps) });
}
