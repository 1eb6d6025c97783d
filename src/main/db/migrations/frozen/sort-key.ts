// Stored sort keys as lab.db v4 filled them: NFKC lower case, Chinese as pinyin with tone digits.
// Frozen (src/main/db/README.md): the app's src/main/records/sort-key.ts may change; this may not.
import { createRequire } from 'node:module';
import type { pinyin as Pinyin } from 'pinyin-pro';

// Loaded on the first Chinese key only, like the app's (a process that never upgrades skips ~60 ms).
let pinyin: typeof Pinyin | undefined;

const HAN = /\p{Script=Han}/u;

export function sortKeyV1(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  if (!HAN.test(folded)) return folded;
  pinyin ??= (createRequire(__filename)('pinyin-pro') as { pinyin: typeof Pinyin }).pinyin;
  return pinyin(folded, { toneType: 'num', type: 'array', v: true, nonZh: 'consecutive' }).join('');
}
