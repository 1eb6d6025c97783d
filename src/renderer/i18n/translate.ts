// A service message in the UI's language through i18next (message-format.ts does the params).
// Without i18next (tests, or before set-up) the English text the service sent is used.
import i18next from 'i18next';
import type { CodeTable, Message } from '../../shared/messages';
import { formatMessage, type Translate } from './message-format';

export type { Translate };

function defaultT(): Translate | null {
  return i18next.isInitialized ? (key, options) => i18next.t(key, options ?? {}) : null;
}

/** A translator fixed to one language (forms validate in the language they are shown in). */
export function translatorFor(language: string): Translate | null {
  return i18next.isInitialized ? (key, options) => i18next.t(key, { ...options, lng: language }) : null;
}

export function translateMessage(m: Message, t: Translate | null = defaultT()): string {
  return t ? formatMessage(m, t) : m.message;
}

/** Per-field messages translated, keyed as sent. */
export function translateFields(fields: Record<string, Message> | undefined, t: Translate | null = defaultT()): Record<string, string> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, translateMessage(m, t)]));
}

/** A code's word in the UI's language (a worker state, a status…), the code itself when unknown. */
export function codeWord(table: CodeTable | 'worker', code: string, t: Translate | null = defaultT()): string {
  return t ? t(`codes.${table}.${code}`, { defaultValue: code }) : code;
}
