// The list search over the three record tables (docs/stores.md): one page of a list (search,
// status, location, sort), every row of a list view in chunks (the export), and the list search
// index that serves them. It reads inventory_items, reagent_orders and consumable_orders (each
// table's own store writes them) and owns their search index: the FTS5 trigram tables, the letter
// tables and the triggers that keep both (record-list-index.ts). Measured: bench/records-search.ts
// (`npm run bench:records`), src/main/records/README.md.
//
// Every searchable text is stored a second time, normalized with the same normalizeSearchTerm as
// completion, in `s_<field>` columns (one per indexed field of LISTS in src/shared/records.ts) and
// in `search_all` (all searchable fields joined by U+001F, so a word never matches across two
// fields); the services write them (records/search.ts). A query is split into words on white
// space; each word is normalized and must occur in the chosen column. The trigram index finds the
// rows; the instr scan is the fallback with the same semantics.
import { normalizeSearchTerm } from '../../shared/normalize';
import { filterStatuses, LISTS, type ListEndpoint } from '../../shared/records';
import type { ListQuery } from '../../shared/contract/records';
import type { ConsumableOrder } from '../../shared/records';
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { decodeCursor, encodeCursor, listQueryFingerprint } from '../../shared/list-cursor';
import { cursorValues, keysetIds, type KeysetQuery } from './list-keyset';
import { matchNewestFirst, occursExpr as occursIn, phrase } from './trigram-match';
import { pinyinIndexProblem, pinyinTable, rebuildPinyinIndex } from './pinyin-index';
import { byPinyinRelevance, listed, pinyinMarks, pinyinOnly, pinyinScope, scanRank, scoped, wordConditions, type PinyinOnly, type PinyinQuery, type PinyinScope } from './pinyin-search';
import { hasNewestFirst } from './newest-first';
import {
  ensureTermsTable,
  ftsTable,
  ftsTextColumns,
  letterIndexProblem,
  lettersTable,
  mergeSettings,
  mergeStep,
  rebuildLetterIndex,
  rebuildSearchIndex,
  searchIndexProblem,
  setMergeSettings,
  statusToken,
  wordsMask,
} from './record-list-index';
import { locationStore } from './location-store';
import { INVENTORY_VIEW, type StoredInventoryItem } from './inventory-store';
import { REAGENT_ORDER_VIEW, type StoredReagentOrder } from './reagent-order-store';
import { CONSUMABLE_ORDER_VIEW } from './consumable-order-store';

/** The three record tables; never user input (column names come from fixed field lists). */
export type RecordTable = 'inventory_items' | 'reagent_orders' | 'consumable_orders';

/** A list's row as stored, per list. */
export interface ListRows {
  '/inventory/': StoredInventoryItem;
  '/reagent-orders/': StoredReagentOrder;
  '/consumable-orders/': ConsumableOrder;
}

/** Sortable text columns per list that have a `<column>_sort` key (the list sorts by the key; records/sort-key.ts writes them). */
export const SORT_KEYED: Readonly<Record<ListEndpoint, readonly string[]>> = {
  '/inventory/': ['name', 'english_name', 'specification', 'unit', 'storage_location', 'brand', 'category', 'product_number'],
  '/reagent-orders/': ['name', 'english_name', 'specification', 'brand', 'category', 'product_number'],
  '/consumable-orders/': ['name', 'specification', 'communication'],
};

/** The SQL a list sorts a column by: its key when it has one. */
export function sortColumn(endpoint: ListEndpoint, alias: string, column: string): string {
  return SORT_KEYED[endpoint].includes(column) ? `${alias}.${column}_sort` : `${alias}.${column}`;
}

/** What the list query needs of a list: its table and how it reads and sorts its rows. */
interface ListSql {
  endpoint: ListEndpoint;
  /** The bare table: counting and paging read only it (plus sortJoin), never the display joins. */
  table: RecordTable;
  /** The SELECT list. */
  columns: string;
  /** `table t JOIN …` — the table must be aliased `t`. */
  from: string;
  /** A join the sort expression needs (e.g. users for `applicant`). */
  sortJoin?: (key: string) => string;
  /** sort key → SQL expression (whitelisted by the contract already). */
  sortExpr: (key: string) => string;
}

const byApplicant = (endpoint: ListEndpoint) => ({
  sortJoin: (k: string) => (k === 'applicant' ? 'JOIN users u ON u.id = t.applicant_id' : ''),
  sortExpr: (k: string) => (k === 'applicant' ? 'u.display_name_sort' : sortColumn(endpoint, 't', k)),
});

const LIST_SQL: Record<ListEndpoint, ListSql> = {
  '/inventory/': { endpoint: '/inventory/', table: 'inventory_items', ...INVENTORY_VIEW, sortExpr: (k) => sortColumn('/inventory/', 't', k) },
  '/reagent-orders/': { endpoint: '/reagent-orders/', table: 'reagent_orders', ...REAGENT_ORDER_VIEW, ...byApplicant('/reagent-orders/') },
  '/consumable-orders/': { endpoint: '/consumable-orders/', table: 'consumable_orders', ...CONSUMABLE_ORDER_VIEW, ...byApplicant('/consumable-orders/') },
};

/** Words of a query: split on any white space (half- or full-width), each normalized. */
export function searchWords(search: string): string[] {
  return search
    .normalize('NFKC')
    .split(/\s+/u)
    .map(normalizeSearchTerm)
    .filter((w) => w.length > 0);
}

export function searchWhere(endpoint: ListEndpoint, alias: string, field: string, search: string): { sql: string[]; params: string[] } {
  const words = searchWords(search);
  if (!words.length) return { sql: [], params: [] };
  const allowed: readonly string[] = LISTS[endpoint].indexed;
  const col = field === 'all' || !allowed.includes(field) ? 'search_all' : `s_${field}`;
  return { sql: words.map(() => `instr(${alias}.${col}, ?) > 0`), params: words };
}

/**
 * Relevance of a search hit (0 best), for a search without a column sort: 0 when the whole term
 * (normalized, white space removed) equals the name, the English name or the CAS number; 1 when one
 * of them starts with it; 2 for a match anywhere else. A single-field search ranks that field's
 * column. Works on the stored normalized columns, whose parts are joined by U+001F, so "equals a
 * part" is an instr of the term framed by separators. CAS numbers are stored without hyphens, so
 * 64-17-5 and 64175 rank alike.
 */
export function relevanceExpr(endpoint: ListEndpoint, alias: string, field: string, search: string): { sql: string; params: string[] } | null {
  const term = searchWords(search).join('');
  if (!term) return null;
  const indexed: readonly string[] = LISTS[endpoint].indexed;
  const cols = field === 'all' || !indexed.includes(field) ? ['name', 'cas_number'].filter((c) => indexed.includes(c)) : [field];
  const framed = (c: string) => `char(31) || ${alias}.s_${c} || char(31)`;
  const exact = cols.map((c) => `instr(${framed(c)}, char(31) || ? || char(31)) > 0`).join(' OR ');
  const prefix = cols.map((c) => `instr(${framed(c)}, char(31) || ?) > 0`).join(' OR ');
  return { sql: `CASE WHEN ${exact} THEN 0 WHEN ${prefix} THEN 1 ELSE 2 END`, params: [...cols.map(() => term), ...cols.map(() => term)] };
}

/** An extra condition on the list's rows (alias `t`), e.g. the dashboard's alert filters. */
export interface ListFilter {
  sql: string;
  params: unknown[];
}

interface ListPlan {
  whereSql: string;
  params: unknown[];
  /** A text search narrows the rows. */
  searching: boolean;
  key: string;
  dir: 'ASC' | 'DESC';
  order: string;
  /** The index that yields the rows in `order` (INDEXED BY), or '' (applicant: a join, sorted; a filter). */
  index: string;
  filter?: ListFilter;
  /** Inventory only: the ids (JSON) of the picked location's subtree, or null. */
  locations: string | null;
  /** Where the search looks, and what its words may mean in pinyin there (null: only as typed). */
  scope: PinyinScope;
  pinyin: PinyinQuery | null;
}

/**
 * The status filter on `alias`: one status, or a group's (inventory's `present`: in stock or
 * borrowed); the SQL and the search index's phrase (each status one trigram: record-list-index.ts).
 */
function statusCond(endpoint: ListEndpoint, status: string | undefined, alias: string): { sql: string[]; params: string[] } {
  const values = filterStatuses(endpoint, status ?? '');
  if (!values.length) return { sql: [], params: [] };
  return { sql: [values.length === 1 ? `${alias}.status = ?` : `${alias}.status IN (${values.map(() => '?').join(', ')})`], params: [...values] };
}

function statusPhrase(endpoint: ListEndpoint, status: string | undefined): string {
  const values = filterStatuses(endpoint, status ?? '');
  return values.length ? ` AND {status}: (${values.map((v) => phrase(statusToken(v))).join(' OR ')})` : '';
}

/** lab.db's status index of each record table (v1): status, then id. */
const STATUS_INDEX: Readonly<Record<string, string>> = { inventory_items: 'inventory_status', reagent_orders: 'reagent_orders_status', consumable_orders: 'consumable_orders_status' };

/**
 * The order of a list sorted by `key`, and the index (lab.db v6, `<table>_by_<column>`: the sort
 * column, then status) that yields it without sorting. Ties in a sorted column are broken by
 * status and then id — the index's own order, so a status filter (status then constant) or none
 * walks it straight; the id order uses the status index when a status is picked.
 */
function orderOf(spec: ListSql, key: string, dir: 'ASC' | 'DESC', status: string): { order: string; index: string } {
  if (key === 'id') return { order: `t.id ${dir}`, index: status ? STATUS_INDEX[spec.table]! : `${spec.table}_by_id` };
  if (key === 'status') return { order: `t.status ${dir}, t.id ${dir}`, index: STATUS_INDEX[spec.table]! };
  if (spec.sortJoin?.(key)) return { order: `${spec.sortExpr(key)} ${dir}, t.id ${dir}`, index: '' };
  return { order: `${spec.sortExpr(key)} ${dir}, t.status ${dir}, t.id ${dir}`, index: `${spec.table}_by_${key}` };
}

function listPlan(db: Db, spec: ListSql, q: ListQuery, filter?: ListFilter, pinyin?: PinyinQuery | null): ListPlan {
  const where: string[] = [];
  const params: unknown[] = [];
  const status = statusCond(spec.endpoint, q.status, 't');
  where.push(...status.sql);
  params.push(...status.params);
  if (filter) {
    where.push(`(${filter.sql})`);
    params.push(...filter.params);
  }
  const locations = locationFilter(db, q);
  if (locations) {
    where.push('t.location_id IN (SELECT value FROM json_each(?))');
    params.push(locations);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sort = q.sort || '-id';
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const dir = desc ? 'DESC' : 'ASC';
  // A group walks the id order's own index (id, status), reading the status from it.
  const one = filterStatuses(spec.endpoint, q.status ?? '');
  const order = orderOf(spec, key, dir, one.length === 1 ? one[0]! : '');
  const scope = pinyinScope(spec.endpoint, q.field);
  // A filter picks few rows through its own index; walking the sort index would visit every row.
  return { whereSql, params, locations, searching: searchWords(q.search).length > 0, key, dir, filter, ...order, index: filter ? '' : order.index, scope, pinyin: scoped(scope, pinyin) };
}

/** The ids of the picked location and every node below it, as JSON; null when no location is picked. */
function locationFilter(db: Db, q: ListQuery): string | null {
  if (q.location_id === undefined) return null;
  return JSON.stringify(locationStore(db).subtreeIds(q.location_id));
}

/** Hits at the picked location (and below) only, in the same order. */
function inLocations(db: Db, spec: ListSql, p: ListPlan, hits: number[]): number[] {
  if (!p.locations) return hits;
  const here = new Set(prepareCached(db, `SELECT t.id FROM ${spec.table} t INDEXED BY inventory_items_location WHERE t.location_id IN (SELECT value FROM json_each(?))`, 'pluck').all(p.locations) as number[]);
  return hits.filter((id) => here.has(id));
}

// ---- The index path: FTS5 trigram (record-list-index.ts) ----

/** Up to this many hits are sorted by looking their rows up; more walk the sort column's index. */
const LOOKUP_MAX = 3000;

/** "`text` occurs" in a list's trigram index (trigram-match.ts). */
const occursExpr = (db: Db, table: string, text: string) => occursIn(db, ensureTermsTable(db, table), text);

interface FtsQuery {
  /** The MATCH expression; null: nothing can match. */
  match: string | null;
  /** Words too common to expand, checked with instr on the rows the index found. */
  residual: Array<{ col: string; word: string }>;
}

/**
 * The index query of a search (with the status filter), or null when the index cannot narrow it.
 * `letters`: the letter index can answer the search's one-character letters and digits (an `all`
 * search, no location), so they are left to it (or to instr on the other words' hits) without
 * reading the vocabulary: listing the trigrams that start with `a` makes fts5vocab count the
 * documents of each (~3–7 ms at 100 000 items), only to find there are too many.
 */
function ftsQuery(db: Db, spec: ListSql, q: ListQuery, letters: boolean): FtsQuery | null {
  const allowed: readonly string[] = LISTS[spec.endpoint].indexed;
  const single = q.field !== 'all' && allowed.includes(q.field);
  const ftsCols = single ? `s_${q.field}` : ftsTextColumns(spec.table).join(' ');
  const rowCol = single ? `s_${q.field}` : 'search_all';
  const parts: string[] = [];
  const residual: FtsQuery['residual'] = [];
  for (const w of searchWords(q.search)) {
    const e = letters && wordsMask([w]) !== null ? null : occursExpr(db, spec.table, w);
    if (e === false) return { match: null, residual };
    if (e === null) residual.push({ col: rowCol, word: w });
    else parts.push(e);
  }
  if (!parts.length) return null;
  const status = statusPhrase(spec.endpoint, q.status);
  return { match: `{${ftsCols}}: (${parts.join(' AND ')})${status}`, residual };
}

/** Every id the index query finds, newest first. */
function ftsHits(db: Db, spec: ListSql, f: FtsQuery): number[] {
  if (f.match === null) return [];
  const fts = ftsTable(spec.table);
  if (!f.residual.length) return matchNewestFirst(db, fts, f.match);
  const checks = f.residual.map((r) => `instr(t.${r.col}, ?) > 0`).join(' AND ');
  return prepareCached(db, `SELECT t.id FROM ${spec.table} t WHERE t.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?) AND ${checks} ORDER BY t.id DESC`, 'pluck').all(f.match, ...f.residual.map((r) => r.word)) as number[];
}

/**
 * Hits by relevance (see relevanceExpr: 0 a part equals the term, 1 a part starts with it, 2 the
 * rest; ties newest first), the classes read from the index: a part of a framed value equals the
 * term when U+001F term U+001F occurs, starts with it when U+001F term occurs. With a window only
 * as many "starts with" hits are read as the window needs (the index stops early when asked for
 * the newest n). Null when the prefix is a single character too common to expand.
 */
function byRelevance(db: Db, spec: ListSql, q: ListQuery, f: FtsQuery, hits: number[], window?: { limit: number; offset: number }): number[] | null {
  const term = searchWords(q.search).join('');
  const indexed: readonly string[] = LISTS[spec.endpoint].indexed;
  const cols = q.field === 'all' || !indexed.includes(q.field) ? ['name', 'cas_number'].filter((c) => indexed.includes(c)) : [q.field];
  const starts = occursExpr(db, spec.table, `\u001f${term}`);
  if (starts === null) return null;
  if (starts === false || !hits.length) return hits;
  const fts = ftsTable(spec.table);
  const colset = `{${cols.map((c) => `s_${c}`).join(' ')}}`;
  // Membership by binary search: the hits are newest first, and a Set of them (28 000 for "an")
  // cost more than reading them.
  const isHit = (id: number) => hasNewestFirst(hits, id);
  // "Equals" alone is cheaper than ANDed with the search; the hits sift it.
  const equalIds = prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?`, 'pluck').all(`${colset}: ${phrase(`\u001f${term}\u001f`)}`) as number[];
  const equal = new Set(equalIds.filter(isHit));
  const out = hits.filter((id) => equal.has(id));
  const need = window ? window.offset + window.limit : Infinity;
  const limit = Number.isFinite(need) && !f.residual.length ? need + equal.size : -1;
  const prefixIds = prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid DESC LIMIT ?`, 'pluck').all(`(${f.match}) AND ${colset}: ${starts}`, limit) as number[];
  for (const id of prefixIds) if (!equal.has(id) && isHit(id)) out.push(id);
  if (limit >= 0 && prefixIds.length === limit) return out; // the window ends inside "starts with"
  const ranked = new Set(out);
  for (const id of hits) if (!ranked.has(id)) out.push(id);
  return out;
}

/** Hits in the order of a picked column: few are looked up and sorted, many walk its index. */
function byColumn(db: Db, spec: ListSql, p: ListPlan, hits: number[], window?: { limit: number; offset: number }): number[] {
  if (p.key === 'id') {
    const ordered = p.dir === 'DESC' ? hits : [...hits].reverse();
    return window ? ordered.slice(window.offset, window.offset + window.limit) : ordered;
  }
  const page = window ? 'LIMIT ? OFFSET ?' : '';
  const paging = window ? [window.limit, window.offset] : [];
  if (hits.length <= LOOKUP_MAX || !p.index) {
    return prepareCached(db, `SELECT t.id FROM json_each(?) j CROSS JOIN ${spec.table} t ${spec.sortJoin?.(p.key) ?? ''} WHERE t.id = j.value ORDER BY ${p.order} ${page}`, 'pluck').all(JSON.stringify(hits), ...paging) as number[];
  }
  return prepareCached(db, `SELECT t.id FROM ${spec.table} t INDEXED BY ${p.index} WHERE t.id IN (SELECT value FROM json_each(?)) ORDER BY ${p.order} ${page}`, 'pluck').all(JSON.stringify(hits), ...paging) as number[];
}

/** A search through the index: the total and the ids in list order (only `window` of them if given). */
function indexSearch(db: Db, spec: ListSql, q: ListQuery, p: ListPlan, window?: { limit: number; offset: number }): { total: number; ids: number[] } | null {
  const s = spec;
  if (p.filter) return null; // the scan applies the filter to the words' matches
  const f = ftsQuery(db, s, q, q.field === 'all' && !p.locations);
  // Only letters too common to expand: the letter index (single letters are never pinyin), else the scan.
  if (!f) return p.pinyin ? null : letterSearch(db, s, q, p, window);
  const plain = inLocations(db, s, p, ftsHits(db, s, f));
  const extra = p.pinyin ? pinyinRows(db, s, q, p, plain) : listed([]);
  if (extra === null) return null;
  const total = plain.length + extra.count;
  if (q.sort) return { total, ids: byColumn(db, s, p, extra.count ? [...plain, ...extra.ids()].sort((a, b) => b - a) : plain, window) };
  const asTyped = byRelevance(db, s, q, f, plain, window);
  if (!asTyped) return null;
  // The rows pinyin found follow every row found as typed: listed and ranked only when the window
  // reaches them (asTyped is cut short only when the window ends inside it).
  const reaches = !window || window.offset + window.limit > plain.length;
  const ranked = extra.count && reaches && asTyped.length === plain.length ? [...asTyped, ...byPinyinRelevance(db, p.scope, p.pinyin!, extra.ids())] : asTyped;
  return { total, ids: window ? ranked.slice(window.offset, window.offset + window.limit) : ranked };
}

/** The rows only pinyin finds (pinyin-search.ts), at the picked location; null when the index cannot tell. */
function pinyinRows(db: Db, spec: ListSql, q: ListQuery, p: ListPlan, plain: number[]): PinyinOnly | null {
  const only = pinyinOnly(db, { scope: p.scope, words: searchWords(q.search), py: p.pinyin!, status: q.status ?? '', plain, plainOf: (w) => wordHits(db, spec, q, w) });
  if (!only || !p.locations) return only;
  return listed(inLocations(db, spec, p, only.ids()));
}

/** One word's rows as typed, through the index (status filtered), or null when it is too common to expand. */
function wordHits(db: Db, spec: ListSql, q: ListQuery, word: string): number[] | null {
  const e = occursExpr(db, spec.table, word);
  if (e === null) return null;
  if (e === false) return [];
  const allowed: readonly string[] = LISTS[spec.endpoint].indexed;
  const cols = q.field !== 'all' && allowed.includes(q.field) ? `s_${q.field}` : ftsTextColumns(spec.table).join(' ');
  const fts = ftsTable(spec.table);
  const status = statusPhrase(spec.endpoint, q.status);
  return prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?`, 'pluck').all(`{${cols}}: ${e}${status}`) as number[];
}

/**
 * A search of only common letters / digits (one character each, too common to expand) through the
 * letter index (record-list-index.ts): the total is a count of the narrow table, the page walks it
 * newest first (relevance: "equals" and "starts with" from the trigram index first) or the sort
 * column's index. Null when it does not apply (a field, a location): the scan. (A letter index
 * lost while running fails the query as a damaged index; the caller then scans.)
 */
function letterSearch(db: Db, spec: ListSql, q: ListQuery, p: ListPlan, window?: { limit: number; offset: number }): { total: number; ids: number[] } | null {
  const words = searchWords(q.search);
  const bits = wordsMask(words);
  if (bits === null || q.field !== 'all' || p.locations) return null;
  const l = lettersTable(spec.table);
  const st = statusCond(spec.endpoint, q.status, 'l');
  const cond = ['(l.mask & ?) = ?', ...st.sql].join(' AND ');
  const params = [bits, bits, ...st.params];
  const total = prepareCached(db, `SELECT count(*) FROM ${l} l WHERE ${cond}`, 'pluck').get(...params) as number;
  const page = window ? 'LIMIT ? OFFSET ?' : '';
  const paging = (limit: number, offset: number) => (window ? [limit, offset] : []);
  const newest = (dir: string, limit = window?.limit ?? -1, offset = window?.offset ?? 0, skip = '[]') =>
    prepareCached(db, `SELECT l.id FROM ${l} l WHERE ${cond} AND l.id NOT IN (SELECT value FROM json_each(?)) ORDER BY l.id ${dir} ${page}`, 'pluck').all(...params, skip, ...paging(limit, offset)) as number[];
  if (q.sort) {
    if (p.key === 'id') return { total, ids: newest(p.dir) };
    if (total <= LOOKUP_MAX || !p.index) return { total, ids: byColumn(db, spec, p, newest('DESC', -1, 0), window) };
    // Most rows match: the sort index, walked, meets a page of them soon.
    const ids = prepareCached(db, `SELECT t.id FROM ${spec.table} t INDEXED BY ${p.index} CROSS JOIN ${l} l ON l.id = t.id WHERE ${cond} ORDER BY ${p.order} ${page}`, 'pluck').all(...params, ...paging(window?.limit ?? -1, window?.offset ?? 0)) as number[];
    return { total, ids };
  }
  // Relevance (relevanceExpr): a part of the name / CAS equals the term, then starts with it, then the
  // rest, each newest first. Both imply every letter occurs, so only the status is added.
  const term = words.join('');
  const indexed: readonly string[] = LISTS[spec.endpoint].indexed;
  const colset = `{${['name', 'cas_number'].filter((c) => indexed.includes(c)).map((c) => `s_${c}`).join(' ')}}`;
  const starts = occursExpr(db, spec.table, `\u001f${term}`);
  if (starts === null) return null;
  const fts = ftsTable(spec.table);
  const status = statusPhrase(spec.endpoint, q.status);
  const need = window ? window.offset + window.limit : -1;
  const ranked = prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid DESC`, 'pluck').all(`${colset}: ${phrase(`\u001f${term}\u001f`)}${status}`) as number[];
  if (starts !== false) {
    const equal = new Set(ranked);
    const prefix = prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid DESC LIMIT ?`, 'pluck').all(`${colset}: ${starts}${status}`, need < 0 ? -1 : need + equal.size) as number[];
    for (const id of prefix) if (!equal.has(id)) ranked.push(id);
  }
  if (!window) return { total, ids: [...ranked, ...newest('DESC', -1, 0, JSON.stringify(ranked))] };
  const ids = ranked.slice(window.offset, need);
  // The window reaches past the ranked hits only when all of them were read (the LIMIT above).
  if (ids.length < window.limit) ids.push(...newest('DESC', window.limit - ids.length, Math.max(0, window.offset - ranked.length), JSON.stringify(ranked)));
  return { total, ids };
}

// ---- The scan path: instr over the normalized columns (words the index cannot narrow) ----

/** Every matching id of a text search by scanning the rows, in list order. */
function scanIds(db: Db, spec: ListSql, q: ListQuery, p: ListPlan): number[] {
  const words = searchWords(q.search);
  const s = p.pinyin ? wordConditions(p.scope, 't', words, p.pinyin) : searchWhere(spec.endpoint, 't', q.field, q.search);
  const st = statusCond(spec.endpoint, q.status, 't');
  const where = [...s.sql, ...st.sql, ...(p.filter ? [`(${p.filter.sql})`] : []), ...(p.locations ? ['t.location_id IN (SELECT value FROM json_each(?))'] : [])];
  const params = [...s.params, ...st.params, ...(p.filter?.params ?? []), ...(p.locations ? [p.locations] : [])];
  // `+expr` keeps the planner off the sort column's index: walking the index would look every
  // row up at random; a straight scan plus a sort of the matches is far cheaper.
  const asTyped = q.sort ? null : relevanceExpr(spec.endpoint, 't', q.field, q.search);
  const rank = asTyped && p.pinyin ? scanRank(p.scope, 't', words, p.pinyin, asTyped) : asTyped;
  const scanOrder = rank ? `${rank.sql}, t.id DESC` : p.key === 'id' ? p.order : p.order.replace(/^/, '+');
  return prepareCached(db, `SELECT t.id FROM ${spec.table} t ${rank ? '' : (spec.sortJoin?.(p.key) ?? '')} WHERE ${where.join(' AND ')} ORDER BY ${scanOrder}`, 'pluck').all(...params, ...(rank?.params ?? [])) as number[];
}

/** A text search: through the index when it can narrow the rows, else by a scan. */
function searchPage(db: Db, spec: ListSql, q: ListQuery, p: ListPlan, window?: { limit: number; offset: number }): { total: number; ids: number[] } {
  let found: { total: number; ids: number[] } | null = null;
  try {
    found = indexSearch(db, spec, q, p, window);
  } catch (e) {
    // A damaged index must not take the list down: the scan gives the same rows (the index is
    // checked and rebuilt at the next start: records/search-index.ts).
    if (!isIndexFailure(e)) throw e;
  }
  if (found) return found;
  const ids = scanIds(db, spec, q, p);
  return { total: ids.length, ids: window ? ids.slice(window.offset, window.offset + window.limit) : ids };
}

/** A damaged or missing index (not a mistake in a query, which must surface). */
function isIndexFailure(e: unknown): boolean {
  const code = String((e as { code?: string })?.code ?? '');
  return code.startsWith('SQLITE_CORRUPT') || (code === 'SQLITE_ERROR' && /no such (table|module)|vtable constructor failed/i.test(String((e as Error).message)));
}

/** The ids a search finds through the index alone, in list order; null when it takes the scan. */
function indexSearchIds(db: Db, spec: ListSql, q: ListQuery, pinyin?: PinyinQuery | null): number[] | null {
  const p = listPlan(db, spec, q, undefined, pinyin);
  return p.searching ? (indexSearch(db, spec, q, p)?.ids ?? null) : null;
}

/** The rows of `ids` in the order of `ids` (json_each's key is the position in the array). */
function rowsByIds(db: Db, spec: ListSql, ids: number[]): Record<string, unknown>[] {
  return ids.length === 0 ? [] : (prepareCached(db, `SELECT ${spec.columns} FROM json_each(?) j CROSS JOIN ${spec.from} WHERE t.id = j.value ORDER BY j.key`).all(JSON.stringify(ids)) as Record<string, unknown>[]);
}

/** The FROM and WHERE that walk a list without a text search in its order, through its index. */
function plainWalk(spec: ListSql, p: ListPlan): { from: string; where: string } {
  // A picked location narrows the rows through its own index (location, status); the rows it
  // finds are sorted, instead of walking the whole sort index for the few that are there.
  const index = p.locations ? 'inventory_items_location' : p.index;
  const from = index ? `${spec.table} t INDEXED BY ${index}` : `${spec.table} t ${spec.sortJoin?.(p.key) ?? ''}`;
  // `+t.status`: a plain `t.status = ?` makes the planner drop status from the ORDER BY as a
  // constant and then sort the ids of every run of equal keys, since status sits between the
  // key and the id in the index; the index order (key, status, id) is already the list order.
  const where = p.index && !p.locations && p.key !== 'id' && p.key !== 'status' ? p.whereSql.replace(/t\.status (= \?|IN \()/, '+t.status $1') : p.whereSql;
  return { from, where };
}

/** The ids of a list without a text search, in order (a window of them if given): its index, walked. */
function plainIds(db: Db, spec: ListSql, p: ListPlan, window?: { limit: number; offset: number }): number[] {
  const { from, where } = plainWalk(spec, p);
  const page = window ? 'LIMIT ? OFFSET ?' : '';
  return prepareCached(db, `SELECT t.id FROM ${from} ${where} ORDER BY ${p.order} ${page}`, 'pluck').all(...p.params, ...(window ? [window.limit, window.offset] : [])) as number[];
}

/** The keyset walk of a list, or null when it pages by OFFSET (a search, a filter, a location, a join). */
function keysetOf(db: Db, spec: ListSql, p: ListPlan): KeysetQuery | null {
  if (p.searching || !p.index || p.locations || p.filter) return null;
  const cols = p.key === 'id' ? ['t.id'] : p.key === 'status' ? ['t.status', 't.id'] : [spec.sortExpr(p.key), 't.status', 't.id'];
  const { from, where } = plainWalk(spec, p);
  return { db, from, where, params: p.params, order: { cols, dir: p.dir, keyed: cols.length === 3 } };
}

/** The ids of page q.page read from a neighbouring page's cursor, or null when none fits this request. */
function idsFromCursor(k: KeysetQuery, q: ListQuery, fingerprint: string): number[] | null {
  for (const toward of ['after', 'before'] as const) {
    const text = q[toward];
    const c = text ? decodeCursor(text) : null;
    if (c && c.q === fingerprint && c.p === q.page + (toward === 'after' ? -1 : 1)) return keysetIds(k, c, toward, q.pageSize);
  }
  return null;
}

/** The cursors of a page's first and last rows. */
function pageCursors(k: KeysetQuery, spec: ListSql, q: ListQuery, fingerprint: string, ids: number[]): { after?: string; before?: string } {
  if (!ids.length) return {};
  const rows = cursorValues(k, spec.table, [ids[0]!, ids[ids.length - 1]!]);
  const at = (id: number) => {
    const r = rows.get(id)!;
    return encodeCursor({ p: q.page, q: fingerprint, ...(k.order.keyed ? { k: r.k as string | number | null } : {}), s: r.s, i: r.i });
  };
  return { before: at(ids[0]!), after: at(ids[ids.length - 1]!) };
}

/**
 * One page of a list: the filtered count and the sorted rows (status and then id break ties, so
 * paging is stable). `sort` empty means the user picked no column: search hits by relevance (ties
 * newest first), otherwise newest first.
 */
function listPage(db: Db, spec: ListSql, q: ListQuery, opts: PageOptions = {}): { rows: Record<string, unknown>[]; total: number; after?: string; before?: string; pinyin?: number[] } {
  const p = listPlan(db, spec, q, opts.filter, opts.pinyin);
  const window = { limit: opts.limit ?? q.pageSize, offset: opts.limit ? 0 : (q.page - 1) * q.pageSize };
  let total: number;
  let ids: number[];
  let cursors: { after?: string; before?: string } = {};
  if (p.searching) {
    ({ total, ids } = searchPage(db, spec, q, p, window));
  } else {
    // Late row lookup: page through ids only (a walk of the sort column's covering index, display
    // joins left out), then fetch the page's rows; keeps deep pages cheap at 100 000 rows. The
    // next / previous page starts from a cursor (list-keyset.ts) when the request brings one.
    total = (prepareCached(db, `SELECT count(*) AS n FROM ${spec.table} t ${p.whereSql}`).get(...p.params) as { n: number }).n;
    const k = opts.limit ? null : keysetOf(db, spec, p);
    const fingerprint = k ? listQueryFingerprint(q) : '';
    ids = (k && idsFromCursor(k, q, fingerprint)) || plainIds(db, spec, p, window);
    if (k) cursors = pageCursors(k, spec, q, fingerprint, ids);
  }
  const marks = p.pinyin ? pinyinMarks(db, p.scope, searchWords(q.search), ids) : [];
  return { rows: rowsByIds(db, spec, ids), total, ...cursors, ...(marks.length ? { pinyin: marks } : {}) };
}

/**
 * Every row of a list view in list order (the same filter and order as listPage), in chunks: the
 * ordered ids first (8 bytes a row), then each chunk's rows. A consumer that awaits between chunks
 * (the export) keeps the event loop free and never holds more than one chunk of rows. Rows are
 * arrays of the values of the named `columns`, in that order (no object per row); the list's
 * other columns are not computed (SQLite flattens the inner SELECT).
 */
function listChunks(db: Db, spec: ListSql, q: ListQuery, columns: readonly string[], chunk = 1000, pinyin?: PinyinQuery | null): ListChunks {
  const p = listPlan(db, spec, q, undefined, pinyin);
  const ids = p.searching ? searchPage(db, spec, q, p).ids : plainIds(db, spec, p);
  // No ORDER BY: SQLite would sort every chunk in a temporary b-tree (~40 % of reading the rows at
  // 100 000). The rows come in the ids' order anyway (CROSS JOIN keeps json_each the outer loop);
  // the order is made sure in JS by each row's position in the chunk (`list_order_`, the last
  // value), where sorting rows already in order is one pass.
  const sql = `SELECT ${columns.join(', ')}, list_order_ FROM (SELECT ${spec.columns}, j.key AS list_order_ FROM json_each(?) j CROSS JOIN ${spec.from} WHERE t.id = j.value)`;
  const read = prepareCached(db, sql, 'raw');
  const at = columns.length;
  const inOrder = (a: unknown[], b: unknown[]) => (a[at] as number) - (b[at] as number);
  function* rowsOf(from: number, to: number): Iterable<unknown[][]> {
    for (let i = from; i < to; i += chunk) {
      const rows = (read.all(JSON.stringify(ids.slice(i, Math.min(i + chunk, to)))) as unknown[][]).sort(inOrder);
      for (const r of rows) r.length = at;
      yield rows;
    }
  }
  const start = (index: number, of: number) => Math.floor((ids.length * index) / of);
  return { total: ids.length, chunks: rowsOf(0, ids.length), part: (index, of) => rowsOf(start(index, of), start(index + 1, of)) };
}

export interface ListChunks {
  total: number;
  /** Every row, a chunk at a time. */
  chunks: Iterable<unknown[][]>;
  /** Part `index` (from 0) of `of` consecutive, near-equal parts (an export written by several processes). */
  part(index: number, of: number): Iterable<unknown[][]>;
}

/** What one page is read with: the first `limit` rows instead of page q.page, an extra condition, the search's pinyin. */
export interface PageOptions {
  limit?: number;
  filter?: ListFilter;
  pinyin?: PinyinQuery | null;
}

export interface RecordListReads {
  /**
   * One page of a list: the filtered count and the sorted rows (status and then id break ties, so
   * paging is stable), with the cursors of its first and last rows when it pages by keyset.
   * `sort` empty means the user picked no column: search hits by relevance (ties newest first),
   * otherwise newest first. `limit`: the first `limit` rows instead of page q.page. With the
   * search's pinyin (`opts.pinyin`), rows whose Chinese reads as the words are found too, after
   * the rows found as typed; `pinyin` names the page's rows found that way (absent when none).
   */
  page<E extends ListEndpoint>(endpoint: E, q: ListQuery, opts?: PageOptions): { rows: Array<ListRows[E]>; total: number; after?: string; before?: string; pinyin?: number[] };
  /** Every row of a list view in list order, in chunks of arrays of `columns`' values (see listChunks). */
  chunks(endpoint: ListEndpoint, q: ListQuery, columns: readonly string[], chunk?: number, pinyin?: PinyinQuery | null): ListChunks;
  /** The ids a search finds through the index alone, in list order; null when it takes the scan. */
  indexSearchIds(endpoint: ListEndpoint, q: ListQuery, pinyin?: PinyinQuery | null): number[] | null;
  /** Why a list's trigram index cannot be trusted, or null when it looks whole. */
  searchIndexProblem(table: RecordTable): string | null;
  /** Why a list's letter index cannot be trusted, or null when it looks whole. */
  letterIndexProblem(table: RecordTable): string | null;
  /** Why a list's pinyin index cannot be trusted, or null when it looks whole. */
  pinyinIndexProblem(table: RecordTable): string | null;
  /** The segment merge settings of a list's trigram index (FTS5's defaults where it keeps none). */
  mergeSettings(table: RecordTable): { automerge: number; crisismerge: number };
}

export interface RecordListWrites extends RecordListReads {
  /** Drops a list's trigram index and makes it again from the record rows (in the caller's transaction). */
  rebuildSearchIndex(table: RecordTable): void;
  /** The same for its letter index. */
  rebuildLetterIndex(table: RecordTable): void;
  /** The same for its pinyin index. */
  rebuildPinyinIndex(table: RecordTable): void;
  /** Sets the merge settings of a list's trigram indexes, plain and pinyin (kept in each index: a rollback restores them). */
  setMergeSettings(table: RecordTable, s: { automerge: number; crisismerge: number }): void;
  /** Merges `pages` pages of the segments of a list's trigram indexes; false once a step changed (almost) nothing. */
  mergeStep(table: RecordTable, pages: number): boolean;
}

/** A list's trigram indexes: the plain one and the pinyin one (a bulk append pauses and merges both). */
const trigramIndexes = (table: RecordTable) => [ftsTable(table), pinyinTable(table)];

export function recordListStore(db: Db): RecordListWrites {
  return {
    page: (endpoint, q, opts = {}) => listPage(db, LIST_SQL[endpoint], q, opts) as { rows: Array<ListRows[typeof endpoint]>; total: number; after?: string; before?: string; pinyin?: number[] },
    chunks: (endpoint, q, columns, chunk, pinyin) => listChunks(db, LIST_SQL[endpoint], q, columns, chunk, pinyin),
    indexSearchIds: (endpoint, q, pinyin) => indexSearchIds(db, LIST_SQL[endpoint], q, pinyin),
    searchIndexProblem: (table) => searchIndexProblem(db, table),
    letterIndexProblem: (table) => letterIndexProblem(db, table),
    pinyinIndexProblem: (table) => pinyinIndexProblem(db, table),
    mergeSettings: (table) => mergeSettings(db, ftsTable(table)),
    rebuildSearchIndex: (table) => rebuildSearchIndex(db, table),
    rebuildLetterIndex: (table) => rebuildLetterIndex(db, table),
    rebuildPinyinIndex: (table) => rebuildPinyinIndex(db, table),
    setMergeSettings: (table, s) => {
      for (const fts of trigramIndexes(table)) setMergeSettings(db, fts, s);
    },
    mergeStep: (table, pages) => trigramIndexes(table).map((fts) => mergeStep(db, fts, pages)).some(Boolean),
  };
}
