// The controlled-chemicals room (README.md): categories and their CAS lists, the controlled ledger.
import { type RecordsDeps, exportsDirOf } from '../records/deps';
import { ControlledService } from './controlled-service';

export function wire(deps: Pick<RecordsDeps, 'data' | 'dataDir' | 'events' | 'log'>): ControlledService {
  // The connection only names the data directory here; the service reads and writes through `data`.
  return new ControlledService({ data: deps.data, events: deps.events, log: deps.log, exportsDir: exportsDirOf(deps) });
}
