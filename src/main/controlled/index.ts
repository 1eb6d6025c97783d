// The controlled-chemicals room (README.md): categories and their CAS lists, the controlled ledger.
import type { RecordsDeps } from '../records/deps';
import { ControlledService } from './controlled-service';

export function wire(deps: RecordsDeps): ControlledService {
  return new ControlledService(deps);
}
