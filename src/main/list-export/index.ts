// The list-export room (README.md): the current view of a list as a file in `<dataDir>/exports`,
// written by a child process; the transport delivers and removes the file.
import path from 'node:path';
import type { Db } from '../db/open';
import { exportList } from './export-job';
import type { ExportFile, ExportInput } from './export-file';

export interface ListExport {
  export(input: ExportInput): Promise<ExportFile>;
}

export function wire(deps: { db: Db }): ListExport {
  return { export: (input) => exportList(deps.db.name, path.join(path.dirname(deps.db.name), 'exports'), input) };
}
