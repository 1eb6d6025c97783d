// A service message in the UI's language: the key's template with its params, where params that
// are codes (CODE_PARAMS) become the language's words, lists are joined the language's way and
// nested messages are translated the same way. Without i18next (tests, or before set-up) the
// English text the service sent is used.
import i18next from 'i18next';
import { CODE_PARAMS, isMessage, type CodeTable, type Message, type ParamValue } from '../../shared/messages';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

function defaultT(): Translate | null {
  return i18next.isInitialized ? (key, options) => i18next.t(key, options ?? {}) : null;
}

/** A translator fixed to one language (forms validate in the language they are shown in). */
export function translatorFor(language: string): Translate | null {
  return i18next.isInitialized ? (key, options) => i18next.t(key, { ...options, lng: language }) : null;
}

function param(name: string, v: ParamValue, t: Translate): string {
  if (Array.isArray(v)) return (v as readonly ParamValue[]).map((x) => param(name, x, t)).join(t('codes.listSeparator'));
  if (isMessage(v)) return translateMessage(v, t);
  const table = (CODE_PARAMS as Record<string, CodeTable>)[name];
  const s = String(v);
  return table ? t(`codes.${table}.${s}`, { defaultValue: s }) : s;
}

export function translateMessage(m: Message, t: Translate | null = defaultT()): string {
  if (!t) return m.message;
  const params = Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, param(k, v, t)]));
  return t(`msg.${m.key}`, { ...params, defaultValue: m.message });
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
