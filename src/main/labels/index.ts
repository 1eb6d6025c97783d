// The labels room (README.md): label PDFs and the print page's contents.
import { type RecordsDeps, exportsDirOf } from '../records/deps';
import { LabelService } from './label-service';

export function wire(deps: Pick<RecordsDeps, 'data' | 'dataDir'>): LabelService {
  return new LabelService({ data: deps.data, exportsDir: exportsDirOf(deps) });
}
