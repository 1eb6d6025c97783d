// List search (docs/design.md#records), the records' side: every searchable text is stored a second
// time, normalized with the same normalizeSearchTerm as completion, in `s_<field>` columns (one per
// indexed field of LISTS in src/shared/records.ts) and in `search_all` (all searchable fields
// joined by U+001F, so a word never matches across two fields); every write path writes them with
// the row (derivedColumns), and with them the pinyin forms of their Chinese (`py_<field>`,
// `py_rest`: pinyin.ts). The list query over them, the FTS5 trigram indexes and the instr scan
// fallback are stores/record-list-store.ts; here each list adds how its rows read (ListSpec), and
// each query what its words may mean in pinyin.
import { normalizeSearchTerm } from '../../shared/normalize';
import { LISTS, type ListEndpoint, type ListResult } from '../../shared/records';
import type { ListQuery } from '../../shared/contract/records';
import type { Db } from '../db/open';
import type { LabReads } from '../stores/lab-data';
import { sortKeyColumns } from './sort-key';
import { pinyinForms, pinyinQuery } from './pinyin';
import { maskOf } from '../stores/record-list-index';
import { pinyinFields } from '../stores/pinyin-index';
import { recordListStore, searchWords, type ListChunks, type ListFilter } from '../stores/record-list-store';

const SEP = '\u001f';

/**
 * The normalized search columns of one record (values: the record's current texts), with the letter
 * mask of `search_all` (stores/record-list-index.ts) and the pinyin forms of each field's parts
 * (stores/pinyin-index.ts: `py_<field>` for every field but the CAS number, `py_rest`).
 */
export function searchColumns(endpoint: ListEndpoint, rec: Record<string, unknown>): Record<string, string | number> {
  const list = LISTS[endpoint];
  const also: Readonly<Record<string, readonly string[]>> = list.searchAlso;
  const norm = (f: string) => normalizeSearchTerm(String(rec[f] ?? ''));
  const forms = (parts: string[]) => parts.flatMap(pinyinForms).join(SEP);
  const withPinyin = new Set(pinyinFields(endpoint));
  const out: Record<string, string> = {};
  const all: string[] = [];
  for (const col of list.indexed) {
    const parts = [col, ...(also[col] ?? [])].map(norm).filter(Boolean);
    out[`s_${col}`] = parts.join(SEP);
    if (withPinyin.has(col)) out[`py_${col}`] = forms(parts);
    all.push(...parts);
  }
  const rest = list.searchAllAlso.map(norm).filter(Boolean);
  all.push(...rest);
  if (list.searchAllAlso.length) out.py_rest = forms(rest);
  const searchAll = all.join(SEP);
  return { ...out, search_all: searchAll, search_letters: maskOf(searchAll) };
}

/** Every column derived from a record's texts (search columns and sort keys): written with the row. */
export function derivedColumns(endpoint: ListEndpoint, rec: Record<string, unknown>): Record<string, string | number> {
  return { ...searchColumns(endpoint, rec), ...sortKeyColumns(endpoint, rec) };
}

export interface ListSpec<Row> {
  endpoint: ListEndpoint;
  map: (r: Record<string, unknown>) => Row;
  /** Columns stored as 0/1 that `map` shows as true (exactly 1) or false: the export reads rows unmapped. */
  flags?: readonly string[];
}

/** What the words of a search may mean in pinyin (null: nothing). */
const pinyinOf = (q: ListQuery) => pinyinQuery(searchWords(q.search));

/** One page of a list as the list pages show it (see RecordListReads.page); `pinyin`: the page's rows found through pinyin. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  after?: string;
  before?: string;
  pinyin?: number[];
}

/** One page of a list, read in the open unit `r`. */
export async function readListPage<Row>(r: Pick<LabReads, 'lists'>, spec: ListSpec<Row>, q: ListQuery, opts: { limit?: number; filter?: ListFilter } = {}): Promise<ListPage<Row>> {
  const page = await r.lists.page(spec.endpoint, q, { ...opts, pinyin: pinyinOf(q) });
  return { ...page, rows: page.rows.map((row) => spec.map(row as Record<string, unknown>)) };
}

/** One page of a list on connection `db` (the synchronous form readListPage replaces, for callers not on the seam yet). */
export function listPage<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, opts: { limit?: number; filter?: ListFilter } = {}): ListPage<Row> {
  const page = recordListStore(db).page(spec.endpoint, q, { ...opts, pinyin: pinyinOf(q) });
  return { ...page, rows: page.rows.map((r) => spec.map(r as Record<string, unknown>)) };
}

/** A page as the list API answers it: the optional parts only when there are any. */
export function listResult<Row>(page: ListPage<Row>, q: ListQuery): ListResult<Row> {
  const { rows, total, after, before, pinyin } = page;
  return { rows, total, page: q.page, pageSize: q.pageSize, ...(after ? { after } : {}), ...(before ? { before } : {}), ...(pinyin ? { pinyin } : {}) };
}

/** Every row of a list view in list order, in chunks of arrays of `columns`' values (the export). */
export function listChunks<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, columns: readonly string[], chunk = 1000): ListChunks {
  return recordListStore(db).chunks(spec.endpoint, q, columns, chunk, pinyinOf(q));
}

/** The ids a search finds through the index alone, in list order; null when it takes the scan. */
export function indexSearchIds<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery): number[] | null {
  return recordListStore(db).indexSearchIds(spec.endpoint, q, pinyinOf(q));
}
