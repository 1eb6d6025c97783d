// List search (docs/design.md#records), the records' side: every searchable text is stored a second
// time, normalized with the same normalizeSearchTerm as completion, in `s_<field>` columns (one per
// indexed field of LISTS in src/shared/records.ts) and in `search_all` (all searchable fields
// joined by U+001F, so a word never matches across two fields); every write path writes them with
// the row (derivedColumns). The list query over them, the FTS5 trigram index and the instr scan
// fallback are stores/record-list-store.ts; here each list adds how its rows read (ListSpec).
import { normalizeSearchTerm } from '../../shared/normalize';
import { LISTS, type ListEndpoint } from '../../shared/records';
import type { ListQuery } from '../../shared/contract/records';
import type { Db } from '../db/open';
import { sortKeyColumns } from './sort-key';
import { maskOf } from '../stores/record-list-index';
import { recordListStore, type ListChunks, type ListFilter } from '../stores/record-list-store';

const SEP = '\u001f';

/** The normalized search columns of one record (values: the record's current texts), with the letter mask of `search_all` (stores/record-list-index.ts). */
export function searchColumns(endpoint: ListEndpoint, rec: Record<string, unknown>): Record<string, string | number> {
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

/** One page of a list as the list pages show it (see RecordListReads.page). */
export function listPage<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, opts: { limit?: number; filter?: ListFilter } = {}): { rows: Row[]; total: number; after?: string; before?: string } {
  const page = recordListStore(db).page(spec.endpoint, q, opts);
  return { ...page, rows: page.rows.map((r) => spec.map(r as Record<string, unknown>)) };
}

/** Every row of a list view in list order, in chunks of arrays of `columns`' values (the export). */
export function listChunks<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery, columns: readonly string[], chunk = 1000): ListChunks {
  return recordListStore(db).chunks(spec.endpoint, q, columns, chunk);
}

/** The ids a search finds through the index alone, in list order; null when it takes the scan. */
export function indexSearchIds<Row>(db: Db, spec: ListSpec<Row>, q: ListQuery): number[] | null {
  return recordListStore(db).indexSearchIds(spec.endpoint, q);
}
