// Formatting a service message with a given translator (i18next's t, or any function of the same
// shape): params that are codes (CODE_PARAMS) become words, lists are joined the language's way,
// nested messages are formatted the same way.
import { CODE_PARAMS, isMessage, type CodeTable, type Message, type ParamValue } from '../../shared/messages';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

function param(name: string, v: ParamValue, t: Translate): string {
  if (Array.isArray(v)) return (v as readonly ParamValue[]).map((x) => param(name, x, t)).join(t('codes.listSeparator'));
  if (isMessage(v)) return formatMessage(v, t);
  const table = (CODE_PARAMS as Record<string, CodeTable>)[name];
  const s = String(v);
  return table ? t(`codes.${table}.${s}`, { defaultValue: s }) : s;
}

export function formatMessage(m: Message, t: Translate): string {
  const params = Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, param(k, v, t)]));
  return t(`msg.${m.key}`, { ...params, defaultValue: m.message });
}
