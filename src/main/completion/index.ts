// The completion room (docs/completion.md) on the current connections: the service (read path,
// memory, preferences, the entity index's upkeep) and its after-commit hooks, guarded so a failing
// hook never fails the business write that called it.
import { safeHooks, type CompletionHooks } from '../completion-hooks';
import { CompletionService, type CompletionServiceOptions } from './service';

export interface CompletionRoom {
  completion: CompletionService;
  completionHooks: CompletionHooks;
}

export function wire(deps: CompletionServiceOptions): CompletionRoom {
  const completion = new CompletionService(deps);
  return { completion, completionHooks: safeHooks(completion.hooks(), deps.log) };
}
