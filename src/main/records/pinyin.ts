// Pinyin for the list search: the readings of the Chinese in every searchable text, stored with the
// row like the other search columns (search.ts searchColumns), so 无水乙醇 is found by its full
// pinyin "wushuiyichun" (or "wu shui yi chun"), its initials "wsyc", and a mix such as "乙chun",
// without tones. Written once per write, never computed per query over the rows: a query only
// reads its own few words (pinyinQuery), and the list search matches them against the stored
// forms through their own trigram index (stores/pinyin-index.ts).
//
// A text's forms are its syllables joined (full) and their first letters (initials), taken only
// from its Chinese characters: the other characters are already in the plain search columns, and
// copying them here would make every English word a candidate pinyin match. A text holding several
// names ("乙醇（酒精）", "乙醇；无水酒精") also gets the forms of each name, so "jiujing" equals one
// and ranks like a whole name. Polyphones are read in their word by pinyin-pro (重铬酸钾 zhong…),
// ü is written v (氯 lv) as Chinese input methods type it.
import { createRequire } from 'node:module';
import type { pinyin as Pinyin } from 'pinyin-pro';
import type { PinyinQuery } from '../stores/pinyin-search';

// Loaded on the first Chinese text (~60 ms of dictionaries): the export child and the server
// start without them, and a search of plain letters never needs them.
let loaded: typeof Pinyin | undefined;

/** pinyin-pro's `pinyin`, loaded on first use (sort-key.ts shares it). */
export function pinyinPro(): typeof Pinyin {
  loaded ??= (createRequire(__filename)('pinyin-pro') as { pinyin: typeof Pinyin }).pinyin;
  return loaded;
}

const HAN = /\p{Script=Han}/u;
const HAN_RUNS = /\p{Script=Han}+/gu;
/** What separates the several names one text may hold. */
const NAME_BREAK = /[;；,，、/|()（）[\]【】〔〕<>《》:：]+/u;

/** The toneless syllables of the Chinese characters of `text`, in order (other characters dropped). */
function syllables(text: string): string[] {
  return pinyinPro()(text, { toneType: 'none', type: 'array', v: true, nonZh: 'removed' })
    .map((s) => s.replace(/[^a-z]/g, ''))
    .filter(Boolean);
}

// Lists repeat values (categories, brands, locations): a bounded memo keeps an import fast.
const memo = new Map<string, string[]>();
const MEMO_MAX = 20_000;

/**
 * The pinyin forms of one normalized text part (normalizeSearchTerm: lower case, no white space):
 * full syllables and initials of the whole, then of each name when it holds several. [] when it has
 * no Chinese. One syllable has no initials form (a single letter is never searched as pinyin).
 */
export function pinyinForms(part: string): string[] {
  if (!HAN.test(part)) return [];
  let forms = memo.get(part);
  if (forms === undefined) {
    const out = new Set<string>();
    const add = (text: string) => {
      const s = syllables(text);
      if (!s.length) return;
      out.add(s.join(''));
      if (s.length > 1) out.add(s.map((x) => x[0]).join(''));
    };
    add(part);
    const names = part.split(NAME_BREAK).filter((n) => HAN.test(n));
    if (names.length > 1) for (const n of names) add(n);
    forms = [...out];
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(part, forms);
  }
  return forms;
}

/**
 * What one normalized query word can mean in pinyin, or null when it is not pinyin: letters only
 * (two or more: "yichun", "wsyc", "an"), or letters mixed with Chinese ("乙chun", "无水yc"), whose
 * Chinese becomes its full syllables or its initials. A word with digits or other characters (a
 * CAS number, "500ml"), a word of Chinese only and a single letter are searched as typed only.
 * An apostrophe separating syllables ("xi'an") is dropped.
 */
export function pinyinTerms(word: string): string[] | null {
  const w = word.replace(/'/g, '');
  if ([...w].length < 2) return null;
  if (/^[a-z]+$/.test(w)) return [w];
  if (!/^[a-z\p{Script=Han}]+$/u.test(w) || !HAN.test(w) || !/[a-z]/.test(w)) return null;
  const full = w.replace(HAN_RUNS, (run) => syllables(run).join(''));
  const initials = w.replace(HAN_RUNS, (run) => syllables(run).map((s) => s[0]).join(''));
  return [...new Set([full, initials])];
}

/** The pinyin side of the normalized words of a search, or null when no word can be pinyin. */
export function pinyinQuery(words: readonly string[]): PinyinQuery | null {
  const terms = words.map(pinyinTerms);
  if (terms.every((t) => t === null)) return null;
  return { words: terms, whole: pinyinTerms(words.join('')) };
}
