// Handlers for label operations: thin — the service (LabelService) builds the PDF.
import type { HandlerTable } from './handler-table';
import type { labelOps } from '../../shared/contract/labels';
import type { RecordsHandlerDeps } from './records-handlers';

export function labelHandlers(s: RecordsHandlerDeps): Pick<HandlerTable, keyof typeof labelOps> {
  void s.records.labels;
  return {};
}
