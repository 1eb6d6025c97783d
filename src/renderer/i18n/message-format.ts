// Formatting a service message with a given translator, without i18next itself (the bridge page is
// a plain script): params that are codes (CODE_PARAMS) become words, lists are joined the
// language's way, nested messages are formatted the same way.
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

/** A translator over plain tables: `msg.<key>` from `messages`, `codes.<table>.<code>` from `codes`. */
export function plainTranslator(messages: Record<string, string>, codes: Record<string, Record<string, string>>, listSeparator: string): Translate {
  return (key, options = {}) => {
    let text: string | undefined;
    if (key === 'codes.listSeparator') text = listSeparator;
    else if (key.startsWith('msg.')) text = messages[key.slice(4)];
    else if (key.startsWith('codes.')) {
      const [table, ...code] = key.slice(6).split('.');
      text = codes[table!]?.[code.join('.')];
    }
    text ??= String(options.defaultValue ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (whole, n: string) => (n in options ? String(options[n]) : whole));
  };
}
