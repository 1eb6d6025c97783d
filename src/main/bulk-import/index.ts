// The bulk-import room (README.md): the spreadsheet import of inventory items. Building it empties
// `<dataDir>/imports`: an upload or spool left there belongs to no import of this connection.
import type { RecordsDeps } from '../records/deps';
import { ImportService } from './import-service';

export function wire(deps: RecordsDeps): ImportService {
  return new ImportService(deps);
}
