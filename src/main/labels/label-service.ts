// Container labels as PDF (QR code with the LAB1:<id> payload; label sizes and an A4 sheet).
import type { RecordsDeps } from '../records/deps';

export class LabelService {
  constructor(readonly deps: RecordsDeps) {}
}
