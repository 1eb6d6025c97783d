// Handlers for label operations: thin — the service (LabelService) builds the PDF.
import type { HandlerTable } from './handler-table';
import type { labelOps } from '../../shared/contract/labels';
import type { RecordsHandlerDeps } from './records-handlers';

export function labelHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof labelOps> {
  const labels = s.records.labels;
  return {
    labelPdf: ({ id, size, lang }) => labels.pdf([id], size, lang),
    labelsPdf: ({ ids, size, lang }) => labels.pdf(ids, size, lang),
    labelContents: ({ ids, lang }) => labels.contents(ids, lang),
  };
}
