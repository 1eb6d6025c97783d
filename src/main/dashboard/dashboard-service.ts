// The home screen's facts: alerts with counts (each links to a filtered list) and chart series.
import type { RecordsDeps } from '../records/deps';

export class DashboardService {
  constructor(readonly d: RecordsDeps) {}
}
