// Stored sort keys: how a text column sorts, as a string whose plain (binary) order is the order a
// person expects. Chinese characters become pinyin with the tone as a digit (二氯甲烷 → er4lv4jia3wan2,
// 丙酮 → bing3tong2, 乙醇 → yi3chun2), everything else is NFKC-folded to lower case, so pinyin and
// English letters share one alphabet and English sorts case-insensitively. The tone digit ends each
// syllable (dictionary order: syllable, then tone). pinyin-pro reads words in context, so polyphones
// follow the word (重铬酸钾 → zhong4…). A key is written with the row on every write path (the same
// place as the search columns) and by lab.db migration 4 for older rows.
import type { ListEndpoint } from '../../shared/records';
import { SORT_KEYED } from '../stores/record-list-store';
import { pinyinPro } from './pinyin';

/** Syllables with tone digits (`yi3chun2`); non-Chinese runs come back as they are. */
function syllables(text: string): string {
  // pinyin-pro is loaded on the first Chinese key: the export child loads this module with the
  // list specs and never writes a key, so it starts without the dictionaries.
  return pinyinPro()(text, { toneType: 'num', type: 'array', v: true, nonZh: 'consecutive' }).join('');
}

const HAN = /\p{Script=Han}/u;

// Lists repeat values (locations, brands, categories): a bounded memo keeps a 10 000-row import fast.
const memo = new Map<string, string>();
const MEMO_MAX = 20_000;

export function sortKey(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  if (!HAN.test(folded)) return folded;
  let key = memo.get(folded);
  if (key === undefined) {
    // Non-Chinese runs come back as they are (already folded).
    key = syllables(folded);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(folded, key);
  }
  return key;
}

/** The `<column>_sort` values of one record (values: the record's current texts). */
export function sortKeyColumns(endpoint: ListEndpoint, rec: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(SORT_KEYED[endpoint].map((c) => [`${c}_sort`, sortKey(String(rec[c] ?? ''))]));
}
