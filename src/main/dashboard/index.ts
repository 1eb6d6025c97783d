// The dashboard room (README.md): the home screen's alerts and charts, read from the records and
// the ledger.
import type { RecordsDeps } from '../records/deps';
import { DashboardService } from './dashboard-service';

export function wire(deps: Pick<RecordsDeps, 'data'>): DashboardService {
  return new DashboardService(deps);
}
