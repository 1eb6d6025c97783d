// The labels room (README.md): label PDFs and the print page's contents.
import type { RecordsDeps } from '../records/deps';
import { LabelService } from './label-service';

export function wire(deps: Pick<RecordsDeps, 'db'>): LabelService {
  return new LabelService(deps);
}
