// What a list search means, by brute force over every row (the normalized texts of each field and
// their pinyin forms), for the tests that check the index paths (trigram index, letter index,
// pinyin index, keyset) against it.
import type Database from 'better-sqlite3';
import { filterStatuses, LISTS, type ListEndpoint } from '../../src/shared/records';
import { normalizeSearchTerm } from '../../src/shared/normalize';
import { pinyinForms, pinyinTerms } from '../../src/main/records/pinyin';

export type Row = Record<string, unknown> & { id: number; status: string };
export interface Q {
  search: string;
  field: string;
  status: string;
  sort: string;
}

/** Every row of a list with the texts a search reads (applicant = the applicant's display name). */
export function allRows(db: Database.Database, endpoint: ListEndpoint): Row[] {
  const table = LISTS[endpoint].table;
  const join = endpoint === '/inventory/' ? '' : 'JOIN users u ON u.id = t.applicant_id';
  return db.prepare(`SELECT t.*${join ? ', u.display_name AS applicant, u.display_name_sort AS applicant_sort' : ''} FROM ${table} t ${join}`).all() as Row[];
}

/**
 * What a search means, by brute force: normalized words, each occurring in one of the field's texts
 * as typed, or (a word that can be pinyin: records/pinyin.ts pinyinTerms) one of its terms in the
 * pinyin forms of those texts (every field but the CAS number has them). Without a column sort the
 * rows every word finds as typed come first (a part of the name / CAS equals the whole term, starts
 * with it, the rest), then the rows that needed pinyin, ranked the same way by the name's forms.
 */
export function reference(endpoint: ListEndpoint, rows: Row[], q: Q): number[] {
  return referenceWithPinyin(endpoint, rows, q).ids;
}

/** The reference's ids and, of them, the rows found only through pinyin. */
export function referenceWithPinyin(endpoint: ListEndpoint, rows: Row[], q: Q): { ids: number[]; pinyin: Set<number> } {
  const list = LISTS[endpoint];
  const also: Readonly<Record<string, readonly string[]>> = list.searchAlso;
  const indexed: readonly string[] = list.indexed;
  const norm = (r: Row, f: string) => normalizeSearchTerm(String(r[f] ?? ''));
  const texts = (r: Row, f: string) => [f, ...(also[f] ?? [])].map((x) => norm(r, x)).filter(Boolean);
  const hasPinyin = (f: string) => f !== 'cas_number';
  const forms = (parts: string[]) => parts.flatMap(pinyinForms);
  const single = q.field !== 'all' && indexed.includes(q.field);
  const words = q.search.normalize('NFKC').split(/\s+/u).map(normalizeSearchTerm).filter(Boolean);
  const statuses = filterStatuses(endpoint, q.status);
  const terms = words.map(pinyinTerms);
  const typed = new Set<number>();
  const hits = rows.filter((r) => {
    if (statuses.length && !statuses.includes(r.status)) return false;
    const t = single ? texts(r, q.field) : [...indexed.flatMap((f) => texts(r, f)), ...list.searchAllAlso.map((f) => norm(r, f))];
    const p = single ? (hasPinyin(q.field) ? forms(texts(r, q.field)) : []) : [...indexed.filter(hasPinyin).flatMap((f) => forms(texts(r, f))), ...forms(list.searchAllAlso.map((f) => norm(r, f)))];
    const asTyped = (w: string) => t.some((x) => x.includes(w));
    if (words.every(asTyped)) {
      typed.add(r.id);
      return true;
    }
    return words.every((w, i) => asTyped(w) || (terms[i] ?? []).some((term) => p.some((x) => x.includes(term))));
  });
  const pinyin = new Set(hits.filter((r) => !typed.has(r.id)).map((r) => r.id));
  if (!q.sort && !words.length) return { ids: hits.map((r) => r.id).sort((a, b) => b - a), pinyin };
  if (!q.sort) {
    const term = words.join('');
    const whole = pinyinTerms(term) ?? [];
    const cols = single ? [q.field] : ['name', 'cas_number'].filter((c) => indexed.includes(c));
    const rankCols = single ? [q.field].filter(hasPinyin) : ['name'];
    const rank = (r: Row) => {
      if (typed.has(r.id)) {
        const parts = cols.flatMap((c) => texts(r, c));
        return parts.includes(term) ? 0 : parts.some((p) => p.startsWith(term)) ? 1 : 2;
      }
      const parts = forms(rankCols.flatMap((c) => texts(r, c)));
      return whole.some((w) => parts.includes(w)) ? 3 : whole.some((w) => parts.some((p) => p.startsWith(w))) ? 4 : 5;
    };
    return { ids: hits.map((r) => [rank(r), r.id] as const).sort((a, b) => a[0] - b[0] || b[1] - a[1]).map((x) => x[1]), pinyin };
  }
  const desc = q.sort.startsWith('-');
  const key = desc ? q.sort.slice(1) : q.sort;
  // Ties broken by status, then id (the order of the sort indexes); the applicant (a join) by id.
  const col = key === 'id' || key === 'status' ? key : `${key}_sort` in (rows[0] ?? {}) ? `${key}_sort` : key;
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : (a as string) < (b as string) ? -1 : 1);
  const sorted = [...hits].sort((a, b) => cmp(a[col], b[col]) || (key === 'id' || key === 'applicant' ? 0 : cmp(a.status, b.status)) || a.id - b.id);
  return { ids: (desc ? sorted.reverse() : sorted).map((r) => r.id), pinyin };
}
