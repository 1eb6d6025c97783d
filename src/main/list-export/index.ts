// The list-export room (README.md): the current view of a list as a file in `<dataDir>/exports`,
// written by a child process; the transport delivers and removes the file.
import path from 'node:path';
import { LAB_DB } from '../db/databases';
import { exportsDirOf } from '../records/deps';
import { exportList } from './export-job';
import type { ExportFile, ExportInput } from './export-file';

export interface ListExport {
  export(input: ExportInput): Promise<ExportFile>;
}

/** The export children open lab.db by its path; nothing here holds a connection. */
export function wire(deps: { dataDir: string }): ListExport {
  return { export: (input) => exportList(path.join(deps.dataDir, LAB_DB), exportsDirOf(deps), input) };
}
