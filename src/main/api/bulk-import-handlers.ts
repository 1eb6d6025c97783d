// Handlers for the spreadsheet import (the records contract's import operations): thin — the
// service (ImportService) owns the sessions, the worker and the after-commit step.
import type { HandlerTable } from './handler-table';
import type { ImportService } from '../bulk-import/import-service';
import { requireUser } from './context';

export type BulkImportNames = 'importUpload' | 'importPreview' | 'importCommit' | 'importStatus' | 'importCancel' | 'importTemplate';

export interface BulkImportHandlerDeps {
  imports: Pick<ImportService, 'upload' | 'preview' | 'commit' | 'status' | 'cancel' | 'template'>;
}

export function bulkImportHandlers(s: BulkImportHandlerDeps): Pick<HandlerTable, BulkImportNames> {
  const i = s.imports;
  return {
    importUpload: (input, ctx) => i.upload(requireUser(ctx), input),
    importPreview: (input, ctx) => i.preview(requireUser(ctx), input),
    importCommit: (input, ctx) => i.commit(requireUser(ctx), input),
    importStatus: (input, ctx) => i.status(requireUser(ctx), input),
    importCancel: (input, ctx) => i.cancel(requireUser(ctx), input),
    importTemplate: () => i.template(),
  };
}
