// Handlers for the shipped reference data: thin — the service reads reference.db.
import type { HandlerTable } from './handler-table';
import type { referenceOps } from '../../shared/contract/reference';
import type { ReferenceService } from '../reference/reference-service';

export interface ReferenceHandlerDeps {
  reference: ReferenceService;
}

export function referenceHandlers(d: ReferenceHandlerDeps): Pick<HandlerTable, keyof typeof referenceOps> {
  return {
    lookupReferenceCas: ({ cas }) => d.reference.lookup(cas),
    referenceSources: () => d.reference.sources(),
  };
}
