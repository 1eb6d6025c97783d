// The labels room (README.md): label PDFs and the print page's contents.
import path from 'node:path';
import type { RecordsDeps } from '../records/deps';
import { LabelService } from './label-service';

export function wire(deps: Pick<RecordsDeps, 'data' | 'dataDir'>): LabelService {
  // The connection's file names the data directory; the service itself reaches lab.db only through `data`.
  return new LabelService({ data: deps.data, exportsDir: path.join(deps.dataDir, 'exports') });
}
