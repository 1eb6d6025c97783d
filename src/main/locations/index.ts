// The locations room (README.md): the location tree and where each item is in it.
import type { RecordsDeps } from '../records/deps';
import { LocationService } from './location-service';

export function wire(deps: RecordsDeps): LocationService {
  return new LocationService(deps);
}
