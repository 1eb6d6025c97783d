// Inline search completion operations (spec 000; docs/design.md#completion). Invalid endpoint, a field other than
// `all` or an empty `q` are not errors: the answer is the empty suggestion
// `{ completion: "", suffix: "", confidence: 0, source: null, personalized }` with status 200.
import { z } from 'zod';
import { op, returns } from './define';
import { flag } from './common';

export type CompletionSource = 'user_memory' | 'global_memory' | 'entity_index';

export interface InlineCompletion {
  /** The text the search box holds after accepting. */
  completion: string;
  /** Ghost text shown after what was typed. */
  suffix: string;
  /** The final weighted score (0 when empty). */
  confidence: number;
  source: CompletionSource | null;
  /** Whether the user's personalization switch is on. */
  personalized: boolean;
}

export interface CompletionPreferences {
  personalized: boolean;
}

const text = (max: number) => z.string({ error: 'field.text' }).max(max, 'field.maxChars');

export const completionOps = {
  inlineCompletion: op({
    method: 'GET',
    path: '/search-completions/inline',
    access: 'user',
    input: z.object({ endpoint: text(100).default(''), q: text(500).default(''), field: text(100).default('all') }).strict(),
    output: returns<InlineCompletion>(),
  }),
  completionFeedback: op({
    method: 'POST',
    path: '/search-completions/feedback',
    access: 'user',
    input: z
      .object({
        endpoint: text(100),
        field: text(100),
        /** The suggested completion the user accepted or hid. */
        query: text(500),
        accepted: z.boolean({ error: 'field.boolean' }),
      })
      .strict(),
    output: returns<{ recorded: boolean }>(),
  }),
  getCompletionPreferences: op({
    method: 'GET',
    path: '/search-completions/preferences',
    access: 'user',
    input: z.object({}).strict(),
    output: returns<CompletionPreferences>(),
  }),
  setCompletionPreferences: op({
    method: 'PUT',
    path: '/search-completions/preferences',
    access: 'user',
    input: z.object({ personalized: flag }).strict(),
    output: returns<CompletionPreferences>(),
  }),
};
