// Handlers for the reference data and its imported editions: thin — the services read reference.db and own the rules.
import type { HandlerTable } from './handler-table';
import type { referenceOps } from '../../shared/contract/reference';
import type { ReferenceService } from '../reference/reference-service';
import type { ReferenceEditionService } from '../reference/edition-service';
import { requireUser } from './context';

export interface ReferenceHandlerDeps {
  reference: ReferenceService;
  editions: ReferenceEditionService;
}

export function referenceHandlers(d: ReferenceHandlerDeps): Pick<HandlerTable, keyof typeof referenceOps> {
  return {
    lookupReferenceCas: ({ cas }) => d.reference.lookup(cas),
    referenceSources: () => d.reference.sources(),
    uploadReferenceEdition: (input) => d.editions.upload(input),
    previewReferenceEdition: (input) => d.editions.preview(input),
    previewReferenceRevert: ({ list }) => d.editions.previewRevert(list),
    switchReferenceEdition: ({ token }, ctx) => d.editions.switch(requireUser(ctx), token),
    cancelReferenceEdition: ({ token }) => (d.editions.cancel(token), { ok: true as const }),
  };
}
