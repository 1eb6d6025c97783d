// Keyset paging of the record lists (record-list-store.ts; shared/list-cursor.ts): the next or
// previous page of a list without a text search read from the row that ends / starts the page the
// user is on, by seeking the sort column's covering index to that row's (key, status, id) instead
// of skipping OFFSET rows. The rows are exactly those of the OFFSET page as long as the list has
// not changed in between.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { ListCursor } from '../../shared/list-cursor';

export interface KeysetOrder {
  /** The list order's columns, most significant first (the sort key when there is one, status, id). */
  cols: string[];
  dir: 'ASC' | 'DESC';
  /** Whether the first column can be NULL (a sort key; never status or id). */
  keyed: boolean;
}

export interface KeysetQuery {
  db: Db;
  /** `table t INDEXED BY …`. */
  from: string;
  /** The list's own conditions (`WHERE …` or ''), and their parameters. */
  where: string;
  params: unknown[];
  order: KeysetOrder;
}

const flip = (d: 'ASC' | 'DESC'): 'ASC' | 'DESC' => (d === 'ASC' ? 'DESC' : 'ASC');

/** The cursor's values in the order of `cols`. */
function values(o: KeysetOrder, c: ListCursor): unknown[] {
  return o.keyed ? [c.k ?? null, c.s, c.i] : o.cols.length === 2 ? [c.s, c.i] : [c.i];
}

/**
 * The `limit` ids that follow the cursor's row in the list order (`toward` 'after'), or precede it
 * ('before'; returned in list order). The row-value test (key, status, id) > (k, s, i) is read as
 * ranges that each seek the index — key = k AND status = s AND id > i, then key = k AND status > s,
 * then key > k — since SQLite would seek on the key alone and step through a long run of equal
 * keys (a yes/no column) row by row. SQLite sorts NULL first ascending, so NULL keys are one more
 * range at one end.
 */
export function keysetIds(k: KeysetQuery, cursor: ListCursor, toward: 'after' | 'before', limit: number): number[] {
  const dir = toward === 'after' ? k.order.dir : flip(k.order.dir);
  const cols = k.order.cols;
  const vals = values(k.order, cursor);
  const order = cols.map((c) => `${c} ${dir}`).join(', ');
  const and = (cond: string) => (k.where ? `${k.where} AND ${cond}` : `WHERE ${cond}`);
  const cmp = dir === 'ASC' ? '>' : '<';
  const keyNull = k.order.keyed && vals[0] === null;
  const ranges: Array<{ cond: string; params: unknown[] }> = [];
  for (let j = cols.length - 1; j >= (keyNull ? 1 : 0); j--) {
    const eq = cols.slice(0, j).map((c, n) => (n === 0 && keyNull ? `${c} IS NULL` : `${c} = ?`));
    ranges.push({ cond: [...eq, `${cols[j]} ${cmp} ?`].join(' AND '), params: [...vals.slice(keyNull ? 1 : 0, j), vals[j]] });
  }
  // Past the cursor's key toward the end where NULL keys sit (the end of a descending walk), or
  // from the NULL keys on to the others (ascending).
  if (k.order.keyed && !keyNull && dir === 'DESC') ranges.push({ cond: `${cols[0]} IS NULL`, params: [] });
  if (keyNull && dir === 'ASC') ranges.push({ cond: `${cols[0]} IS NOT NULL`, params: [] });
  let ids: number[] = [];
  for (const r of ranges) {
    if (ids.length >= limit) break;
    const more = prepareCached(k.db, `SELECT t.id FROM ${k.from} ${and(r.cond)} ORDER BY ${order} LIMIT ?`, 'pluck').all(...k.params, ...r.params, limit - ids.length) as number[];
    ids = ids.concat(more);
  }
  return toward === 'after' ? ids : ids.reverse();
}

/** The cursor values (key, status, id) of the rows `ids` (a page's first and last). */
export function cursorValues(k: Pick<KeysetQuery, 'db' | 'order'>, table: string, ids: number[]): Map<number, { k?: unknown; s: string; i: number }> {
  const keyCol = k.order.keyed ? `${k.order.cols[0]} AS k, ` : '';
  const rows = prepareCached(k.db, `SELECT ${keyCol}t.status AS s, t.id AS i FROM ${table} t WHERE t.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as Array<{ k?: unknown; s: string; i: number }>;
  return new Map(rows.map((r) => [r.i, r]));
}
