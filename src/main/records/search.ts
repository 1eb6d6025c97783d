// List search (DESIGN §6/§7). Every searchable text is stored a second time, normalized with the
// same normalizeSearchTerm as completion, in `s_<field>` columns (one per indexed field of LISTS in
// src/shared/records.ts) and in `search_all` (all searchable fields joined by U+001F, so a word
// never matches across two fields). A query is split into words on white space; each word is
// normalized and must occur (instr) in the chosen column. Measured: bench/records-search.ts.
import { normalizeSearchTerm } from '../../shared/normalize';
import { LISTS, type ListEndpoint } from '../../shared/records';
import type { ListQuery } from '../../shared/contract/records';
import type { Db } from '../db/open';
import { sortKeyColumns } from './sort-key';

const SEP = '\u001f';

/** The normalized search columns of one record (values: the record's current texts). */
export function searchColumns(endpoint: ListEndpoint, rec: Record<string, unknown>): Record<string, string> {
  const list = LISTS[endpoint];
  const also: Readonly<Record<string, readonly string[]>> = list.searchAlso;
  const norm = (f: string) => normalizeSearchTerm(String(rec[f] ?? ''));
  const out: Record<string, string> = {};
  const all: string[] = [];
  for (const col of list.indexed) {
    const parts = [col, ...(also[col] ?? [])].map(norm).filter(Boolean);
    out[`s_${col}`] = parts.join(SEP);
    all.push(...parts);
  }
  for (const f of list.searchAllAlso) {
    const v = norm(f);
    if (v) all.push(v);
  }
  out.search_all = all.join(SEP);
  return out;
}

/** Every column derived from a record's texts (search columns and sort keys): written with the row. */
export function derivedColumns(endpoint: ListEndpoint, rec: Record<string, unknown>): Record<string, string> {
  return { ...searchColumns(endpoint, rec), ...sortKeyColumns(endpoint, rec) };
}

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

export interface ListSpec<Row> {
  endpoint: ListEndpoint;
  /** The SELECT list. */
  columns: string;
  /** `table t JOIN …` — the table must be aliased `t`. */
  from: string;
  /** The bare table: counting and paging read only it (plus sortJoin), never the display joins. */
  table: string;
  /** A join the sort expression needs (e.g. users for `applicant`). */
  sortJoin?: (key: string) => string;
  /** sort key → SQL expression (whitelisted by the contract already). */
  sortExpr: (key: string) => string;
  map: (r: Record<string, unknown>) => Row;
}

interface ListPlan {
  whereSql: string;
  params: unknown[];
  /** A text search narrows the rows (then one scan yields every matching id in order). */
  searching: boolean;
  key: string;
  dir: 'ASC' | 'DESC';
  order: string;
}

function listPlan<Row>(spec: ListSpec<Row>, q: ListQuery): ListPlan {
  const where: string[] = [];
  const params: unknown[] = [];
  const s = searchWhere(spec.endpoint, 't', q.field, q.search);
  where.push(...s.sql);
  params.push(...s.params);
  if (q.status) {
    where.push('t.status = ?');
    params.push(q.status);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sort = q.sort || '-id';
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const dir = desc ? 'DESC' : 'ASC';
  const order = key === 'id' ? `t.id ${dir}` : `${spec.sortExpr(key)} ${dir}, t.id ${dir}`;
  return { whereSql, params, searching: s.sql.length > 0, key, dir, order };
}

/** Every matching id of a text search, in list order (relevance when no column is picked). */
function searchIds<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, p: ListPlan): number[] {
  // `+expr` keeps the planner off the sort column's index: walking the index would look every
  // row up at random; a straight scan plus a sort of the matches is far cheaper.
  const rank = q.sort ? null : relevanceExpr(spec.endpoint, 't', q.field, q.search);
  const scanOrder = rank ? `${rank.sql}, t.id DESC` : p.key === 'id' ? p.order : `+${spec.sortExpr(p.key)} ${p.dir}, t.id ${p.dir}`;
  return db.prepare(`SELECT t.id FROM ${spec.table} t ${rank ? '' : (spec.sortJoin?.(p.key) ?? '')} ${p.whereSql} ORDER BY ${scanOrder}`).pluck().all(...p.params, ...(rank?.params ?? [])) as number[];
}

/** The rows of `ids` in the order of `ids` (json_each's key is the position in the array). */
function rowsByIds<Row>(db: Db, spec: ListSpec<Row>, ids: number[]): Record<string, unknown>[] {
  return ids.length === 0 ? [] : (db.prepare(`SELECT ${spec.columns} FROM json_each(?) j CROSS JOIN ${spec.from} WHERE t.id = j.value ORDER BY j.key`).all(JSON.stringify(ids)) as Record<string, unknown>[]);
}

/**
 * One page of a list: the filtered count and the sorted rows (id breaks ties, so paging is stable).
 * `sort` empty means the user picked no column: search hits by relevance (ties newest first),
 * otherwise newest first.
 */
export function listPage<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, opts: { limit?: number } = {}): { rows: Row[]; total: number } {
  const p = listPlan(spec, q);
  const limit = opts.limit ?? q.pageSize;
  const offset = opts.limit ? 0 : (q.page - 1) * q.pageSize;
  let total: number;
  let rows: Record<string, unknown>[];
  if (p.searching) {
    // A text search has to scan the normalized column anyway: one pass yields every matching id in
    // order, so the count and the page come from the same scan.
    const ids = searchIds(db, spec, q, p);
    total = ids.length;
    rows = rowsByIds(db, spec, ids.slice(offset, offset + limit));
  } else {
    // Late row lookup: page through ids only (an index scan, display joins left out), then fetch
    // the page's rows; keeps deep pages cheap at 100 000 rows.
    total = (db.prepare(`SELECT count(*) AS n FROM ${spec.table} t ${p.whereSql}`).get(...p.params) as { n: number }).n;
    const ids = db.prepare(`SELECT t.id FROM ${spec.table} t ${spec.sortJoin?.(p.key) ?? ''} ${p.whereSql} ORDER BY ${p.order} LIMIT ? OFFSET ?`).pluck().all(...p.params, limit, offset) as number[];
    rows = rowsByIds(db, spec, ids);
  }
  return { rows: rows.map(spec.map), total };
}

/**
 * Every row of a list view in list order (the same filter and order as listPage), in chunks: the
 * ordered ids first (8 bytes a row), then each chunk's rows. A consumer that awaits between chunks
 * (the export) keeps the event loop free and never holds more than one chunk of rows.
 */
export function listChunks<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, chunk = 1000): { total: number; chunks: Iterable<Row[]> } {
  const p = listPlan(spec, q);
  const ids = p.searching ? searchIds(db, spec, q, p) : (db.prepare(`SELECT t.id FROM ${spec.table} t ${spec.sortJoin?.(p.key) ?? ''} ${p.whereSql} ORDER BY ${p.order}`).pluck().all(...p.params) as number[]);
  function* chunks(): Iterable<Row[]> {
    for (let i = 0; i < ids.length; i += chunk) yield rowsByIds(db, spec, ids.slice(i, i + chunk)).map(spec.map);
  }
  return { total: ids.length, chunks: chunks() };
}
