// The bulk-import room (README.md): the spreadsheet import of inventory items. Building it empties
// `<dataDir>/imports`: an upload or spool left there belongs to no import of this connection.
import path from 'node:path';
import { LAB_DB } from '../db/databases';
import { afterCommit, type RecordsDeps } from '../records/deps';
import { ImportService } from './import-service';

export function wire(deps: RecordsDeps): ImportService {
  // The connection only names lab.db's file here (the worker's children open their own); the
  // service reads through `data`.
  return new ImportService({ data: deps.data, log: deps.log, labPath: path.join(deps.dataDir, LAB_DB), afterCommit: (changes) => afterCommit(deps, changes) });
}
