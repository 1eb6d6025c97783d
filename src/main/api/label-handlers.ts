// Handlers for label operations: thin — the service (LabelService) builds the PDF.
import type { HandlerTable } from './handler-table';
import type { labelOps } from '../../shared/contract/labels';
import type { LabelService } from '../labels/label-service';

export interface LabelHandlerDeps {
  labels: Pick<LabelService, 'pdf' | 'contents'>;
}

export function labelHandlers(s: LabelHandlerDeps): Pick<HandlerTable, keyof typeof labelOps> {
  const labels = s.labels;
  return {
    labelPdf: ({ id, size, lang }) => labels.pdf([id], size, lang),
    labelsPdf: ({ ids, size, lang }) => labels.pdf(ids, size, lang),
    labelContents: ({ ids, lang }) => labels.contents(ids, lang),
  };
}
