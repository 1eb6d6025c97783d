// Handlers of the inline search completion operations (spec 000). The read never fails the user:
// the service answers empty when completion.db is unavailable.
import type { CompletionService } from '../completion/service';
import { requireUser } from './context';
import type { HandlerTable } from './handler-table';

type Names = 'inlineCompletion' | 'completionFeedback' | 'getCompletionPreferences' | 'setCompletionPreferences';

export interface CompletionHandlerDeps {
  completion: Pick<CompletionService, 'inline' | 'feedback' | 'getPreferences' | 'setPreferences'>;
}

export function completionHandlers(s: CompletionHandlerDeps): Pick<HandlerTable, Names> {
  return {
    inlineCompletion: (input, ctx) => s.completion.inline(requireUser(ctx).id, input),
    completionFeedback: (input, ctx) => ({
      recorded: s.completion.feedback(requireUser(ctx).id, input.endpoint, input.field, input.query, input.accepted) !== 'skipped',
    }),
    getCompletionPreferences: (_input, ctx) => s.completion.getPreferences(requireUser(ctx).id),
    setCompletionPreferences: (input, ctx) => s.completion.setPreferences(requireUser(ctx).id, input.personalized),
  };
}
