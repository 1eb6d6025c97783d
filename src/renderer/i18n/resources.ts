// The i18next resources of both languages, built without touching the page (tests load them too):
// the UI strings, the domain bundles, the service's messages under `msg.` (English from the shared
// key table, Chinese from messages.zh.ts) and the code words under `codes.`.
import { MESSAGES } from '../../shared/messages';
import { en } from './en';
import { zhCN } from './zh-CN';
import { domainBundles } from './domains';
import { enCodes, zhCodes } from './codes';
import { zhMessages } from './messages.zh';

/** `{ 'a.b': x }` → `{ a: { b: x } }`: i18next looks keys up by their dotted path. */
export function nestKeys(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = text;
  }
  return out;
}

export const resources = {
  en: {
    translation: {
      ...en,
      ...Object.fromEntries(domainBundles.map((b) => [b.key, b.en])),
      msg: nestKeys(MESSAGES),
      codes: { ...enCodes, listSeparator: ', ' },
    },
  },
  'zh-CN': {
    translation: {
      ...zhCN,
      ...Object.fromEntries(domainBundles.map((b) => [b.key, b.zh])),
      msg: nestKeys(zhMessages),
      codes: { ...zhCodes, listSeparator: '、' },
    },
  },
};
