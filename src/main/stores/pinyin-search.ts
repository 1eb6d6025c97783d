// The pinyin side of the list search (record-list-store.ts): the rows that only the pinyin of their
// Chinese texts finds, their relevance, which rows of a page they are, and the same meaning for the
// instr scan. The query words' pinyin (what "yichun", "wsyc" or "乙chun" may stand for) comes from
// the caller (records/pinyin.ts pinyinQuery); the rows' forms are stored (pinyin-index.ts).
//
// What a search means with pinyin: every word occurs in the chosen column as typed, or (when it
// can be pinyin) one of its terms occurs in the column's pinyin forms. Rows that need pinyin for
// at least one word come after every row found as typed ("an" lists Aniline before 氨水 anshui),
// ranked among themselves like the plain ones: a name's form equals the term, then starts with it,
// then the rest, newest first.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { filterStatuses, LISTS, type ListEndpoint } from '../../shared/records';
import { ensurePinyinTermsTable, pinyinColumnOf, pinyinColumns, pinyinTable } from './pinyin-index';
import { statusToken } from './record-list-index';
import { matchNewestFirst, occursExpr, phrase } from './trigram-match';
import { countNewestExcept, newestExcept } from './newest-first';

/** What the words of a search may mean in pinyin: each word's terms (null: only as typed), and the whole query's (relevance). */
export interface PinyinQuery {
  words: ReadonlyArray<readonly string[] | null>;
  whole: readonly string[] | null;
}

/** Where one search looks: the plain column (`search_all` or `s_<field>`) and its pinyin columns (none: no pinyin). */
export interface PinyinScope {
  endpoint: ListEndpoint;
  table: string;
  plainCol: string;
  pinyinCols: string[];
  /** The pinyin columns relevance reads (the name's, or the picked field's). */
  rankCols: string[];
}

export function pinyinScope(endpoint: ListEndpoint, field: string): PinyinScope {
  const { table, indexed } = LISTS[endpoint];
  const fields: readonly string[] = indexed;
  const single = field !== 'all' && fields.includes(field);
  const own = single ? pinyinColumnOf(endpoint, field) : null;
  const name = pinyinColumnOf(endpoint, 'name');
  return {
    endpoint,
    table,
    plainCol: single ? `s_${field}` : 'search_all',
    pinyinCols: single ? (own ? [own] : []) : pinyinColumns(table),
    rankCols: single ? (own ? [own] : []) : name ? [name] : [],
  };
}

/** The query's pinyin within a scope, or null when it has none there. */
export function scoped(scope: PinyinScope, py: PinyinQuery | null | undefined): PinyinQuery | null {
  return py && scope.pinyinCols.length ? py : null;
}

/** SQL of the scope's pinyin text of row `alias` (its columns joined; separators never match a word). */
const pinyinText = (scope: PinyinScope, alias: string) => (scope.pinyinCols.length === 1 ? `${alias}.${scope.pinyinCols[0]}` : `concat_ws(char(31), ${scope.pinyinCols.map((c) => `${alias}.${c}`).join(', ')})`);

/** Per word: it occurs as typed, or one of its pinyin terms occurs in the pinyin forms (the scan's and the check's condition). */
export function wordConditions(scope: PinyinScope, alias: string, words: readonly string[], py: PinyinQuery): { sql: string[]; params: string[] } {
  const sql: string[] = [];
  const params: string[] = [];
  words.forEach((w, i) => {
    const terms = py.words[i] ?? [];
    sql.push(`(${[`instr(${alias}.${scope.plainCol}, ?) > 0`, ...terms.map(() => `instr(${pinyinText(scope, alias)}, ?) > 0`)].join(' OR ')})`);
    params.push(w, ...terms);
  });
  return { sql, params };
}

/**
 * The scan's relevance with pinyin (a CASE over row `alias`): the plain classes `plain` (0–2) for a
 * row every word finds as typed, else 3 + the class of its pinyin (a name's form equals the whole
 * query's term, starts with it, the rest).
 */
export function scanRank(scope: PinyinScope, alias: string, words: readonly string[], py: PinyinQuery, plain: { sql: string; params: string[] } | null): { sql: string; params: string[] } {
  const asTyped = words.map(() => `instr(${alias}.${scope.plainCol}, ?) > 0`).join(' AND ');
  const terms = py.whole ?? [];
  const framed = (c: string) => `char(31) || ${alias}.${c} || char(31)`;
  const any = (needle: string) => scope.rankCols.flatMap((c) => terms.map(() => `instr(${framed(c)}, ${needle}) > 0`)).join(' OR ') || '0';
  const each = scope.rankCols.flatMap(() => terms);
  return {
    sql: `CASE WHEN ${asTyped} THEN ${plain ? plain.sql : '2'} WHEN ${any('char(31) || ? || char(31)')} THEN 3 WHEN ${any('char(31) || ?')} THEN 4 ELSE 5 END`,
    params: [...words, ...(plain?.params ?? []), ...each, ...each],
  };
}

/** A status filter (one status, or a group's) on a trigram index (each status one token: record-list-index.ts). */
function statusMatch(endpoint: ListEndpoint, status: string): string {
  const values = filterStatuses(endpoint, status);
  return values.length ? ` AND {status}: (${values.map((v) => phrase(statusToken(v))).join(' OR ')})` : '';
}

/** The rows whose pinyin holds one of `terms` (newest first), or null when a two-letter term is too common to expand. */
function pinyinHits(db: Db, scope: PinyinScope, terms: readonly string[], status: string): number[] | null {
  const vocab = ensurePinyinTermsTable(db, scope.table);
  const parts: string[] = [];
  for (const t of terms) {
    const e = occursExpr(db, vocab, t);
    if (e === null) return null;
    if (e !== false) parts.push(e);
  }
  if (!parts.length) return [];
  return matchNewestFirst(db, pinyinTable(scope.table), `{${scope.pinyinCols.join(' ')}}: (${parts.join(' OR ')})${statusMatch(scope.endpoint, status)}`);
}

/** Above this many candidates, each word's own hits narrow them before the rows are read. */
const CHECK_MAX = 3000;

export interface PinyinOnlyInput {
  scope: PinyinScope;
  words: readonly string[];
  py: PinyinQuery;
  status: string;
  /** The rows the search finds as typed, newest first. */
  plain: readonly number[];
  /** One word's rows as typed (its own index query), or null when too common to ask the index. */
  plainOf: (word: string) => number[] | null;
}

/**
 * The rows that need pinyin for at least one word: how many, and which (newest first). A page that
 * ends among the rows found as typed needs only the count, so the ids are made when asked.
 */
export interface PinyinOnly {
  count: number;
  ids(): number[];
}

/** A PinyinOnly of ids already listed. */
export const listed = (ids: number[]): PinyinOnly => ({ count: ids.length, ids: () => ids });

/**
 * The rows that need pinyin for at least one word; null when the index cannot tell (then the
 * caller scans). Every such row holds some word's term in its pinyin, so the candidates are those
 * rows; with one word they are the answer, with several each must also hold every word (as typed,
 * or in pinyin): many candidates are first narrowed by each word's own hits, then the rest checked
 * on their rows.
 */
export function pinyinOnly(db: Db, x: PinyinOnlyInput): PinyinOnly | null {
  if (x.words.length === 1) {
    // One word: its pinyin hits but the rows found as typed are the answer ("an": 49 000 hits,
    // 28 000 as typed, counted in one walk; the 36 000 left listed only for a page that reaches them).
    const hits = pinyinHits(db, x.scope, x.py.words[0] ?? [], x.status);
    return hits && { count: countNewestExcept(hits, x.plain), ids: () => newestExcept(hits, x.plain) };
  }
  const ids = severalWords(db, x);
  return ids && listed(ids);
}

/** pinyinOnly for several words: every one's pinyin hits are candidates, checked for all words. */
function severalWords(db: Db, x: PinyinOnlyInput): number[] | null {
  const byWord: Array<Set<number> | null> = [];
  for (const terms of x.py.words) {
    if (!terms) {
      byWord.push(null);
      continue;
    }
    const hits = pinyinHits(db, x.scope, terms, x.status);
    if (hits === null) return null;
    byWord.push(new Set(hits));
  }
  if (byWord.every((s) => !s?.size)) return [];
  const plain = new Set(x.plain);
  let candidates = new Set<number>();
  for (const s of byWord) if (s) for (const id of s) if (!plain.has(id)) candidates.add(id);
  if (!candidates.size) return [];
  if (candidates.size > CHECK_MAX) {
    x.words.forEach((w, i) => {
      const own = byWord[i];
      if (!own?.size) return;
      const typed = x.plainOf(w);
      if (!typed) return;
      const either = new Set(typed);
      candidates = new Set([...candidates].filter((id) => own.has(id) || either.has(id)));
    });
  }
  const c = wordConditions(x.scope, 't', x.words, x.py);
  return prepareCached(db, `SELECT t.id FROM json_each(?) j CROSS JOIN ${x.scope.table} t WHERE t.id = j.value AND ${c.sql.join(' AND ')} ORDER BY t.id DESC`, 'pluck').all(
    JSON.stringify([...candidates]),
    ...c.params,
  ) as number[];
}

/** `ids` (newest first) in pinyin relevance: a name's form equals the whole query's term, then starts with it, then the rest. */
export function byPinyinRelevance(db: Db, scope: PinyinScope, py: PinyinQuery, ids: number[]): number[] {
  const terms = py.whole ?? [];
  if (!terms.length || !scope.rankCols.length || ids.length < 2) return ids;
  const fts = pinyinTable(scope.table);
  const cols = `{${scope.rankCols.join(' ')}}`;
  const read = (expr: string) => new Set(prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?`, 'pluck').all(`${cols}: (${expr})`) as number[]);
  const exact = read(terms.map((t) => phrase(`\u001f${t}\u001f`)).join(' OR '));
  // Framed, a term of two letters or more is a phrase of three characters or more.
  const starts = read(terms.map((t) => phrase(`\u001f${t}`)).join(' OR '));
  const cls = (id: number) => (exact.has(id) ? 0 : starts.has(id) ? 1 : 2);
  return [0, 1, 2].flatMap((k) => ids.filter((id) => cls(id) === k));
}

/** Of the rows `ids`, those the words do not all find as typed: found through pinyin (the page's marks). */
export function pinyinMarks(db: Db, scope: PinyinScope, words: readonly string[], ids: readonly number[]): number[] {
  if (!ids.length || !words.length) return [];
  const asTyped = words.map(() => `instr(t.${scope.plainCol}, ?) > 0`).join(' AND ');
  return prepareCached(db, `SELECT t.id FROM json_each(?) j CROSS JOIN ${scope.table} t WHERE t.id = j.value AND NOT (${asTyped}) ORDER BY j.key`, 'pluck').all(JSON.stringify(ids), ...words) as number[];
}
