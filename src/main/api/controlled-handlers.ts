// Handlers for controlled-chemical operations: thin — the service (ControlledService) owns the rules.
import type { HandlerTable } from './handler-table';
import type { controlledOps } from '../../shared/contract/controlled';
import type { ControlledService } from '../controlled/controlled-service';
import { requireUser } from './context';

export interface ControlledHandlerDeps {
  controlled: ControlledService;
}

export function controlledHandlers(s: ControlledHandlerDeps): Pick<HandlerTable, keyof typeof controlledOps> {
  const c = s.controlled;
  return {
    listControlledLists: () => c.categories(),
    listControlledEntries: ({ category_id }) => c.entries(category_id),
    createControlledList: (input, ctx) => c.create(requireUser(ctx), input),
    renameControlledList: (input, ctx) => c.rename(requireUser(ctx), input),
    deleteControlledList: async ({ id }, ctx) => (await c.delete(requireUser(ctx), id), { ok: true as const }),
    addControlledCas: (input, ctx) => c.addCas(requireUser(ctx), input),
    removeControlledCas: async (input, ctx) => (await c.removeCas(requireUser(ctx), input), { ok: true as const }),
    importControlledList: (input, ctx) => c.import(requireUser(ctx), input),
    exportControlledList: (input) => c.exportList(input),
    exportControlledLedger: (input) => c.exportLedger(input),
  };
}
