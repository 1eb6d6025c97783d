// The list search index (lab.db v6, reshaped in v10): per record table an FTS5 table with the
// trigram tokenizer over the normalized search columns the services already write (`s_<field>`, and
// the rest of `search_all`: ftsTextColumns) and the status. SQL triggers on the record table keep it, so every connection and write path (services,
// the import worker, stock-in, a migrated restore) updates it in the writing transaction without
// any JavaScript. Contentless (`content=''`, `contentless_delete=1`): the texts live in the record
// rows once; the index holds only trigrams.
//
// Each indexed value is stored framed, U+001F + value + U+001F U+001F: the leading separator lets
// relevance ask "a part starts with / equals the term" as a phrase; the two trailing ones make every
// occurrence of a one- or two-character word the start of some trigram, so a short word is found
// by the trigrams that begin with it (search.ts reads them from a TEMP fts5vocab table).
import type { Db } from '../db/open';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { ensureLetterIndexes } from './letter-index';
import { writeTransaction } from '../db/transaction';

/** The FTS5 table of a record table. */
export const ftsTable = (table: string): string => `${table}_fts`;
/**
 * Its vocabulary (fts5vocab, 'row'): every trigram, for short words. A TEMP table of each
 * connection that searches, so it is not part of lab.db (a backup's row counts would read every
 * trigram of it).
 */
export const termsTable = (table: string): string => `temp.${table}_fts_terms`;
const vocabReady = new WeakMap<Db, Set<string>>();
export function ensureTermsTable(db: Db, table: string): string {
  let done = vocabReady.get(db);
  if (!done) vocabReady.set(db, (done = new Set()));
  if (!done.has(table)) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${termsTable(table)} USING fts5vocab(main, ${ftsTable(table)}, 'row')`);
    done.add(table);
  }
  return termsTable(table);
}

/** The list whose records live in `table`. */
function listOf(table: string): (typeof LISTS)[ListEndpoint] {
  const list = Object.values(LISTS).find((l) => l.table === table);
  if (!list) throw new Error(`no list has table ${table}`);
  return list;
}

/**
 * The text columns of a table's index: one per indexed field (`s_<field>`), plus `s_rest` holding
 * the parts only the `all` search covers (LISTS' searchAllAlso), when the list has any. The `all`
 * search matches in any of them. (Until v10 the index also held `search_all` itself, which indexed
 * every field's text twice and made a bulk import's commit pay for it.)
 */
export function ftsTextColumns(table: string): string[] {
  const list = listOf(table);
  return [...list.indexed.map((f) => `s_${f}`), ...(list.searchAllAlso.length ? ['s_rest'] : [])];
}

/**
 * `search_all` is the indexed fields' non-empty parts joined by U+001F, then the searchAllAlso parts
 * (search.ts searchColumns); `s_rest` is what follows the fields' parts, cut off in SQL so every
 * write path (triggers included) derives it the same way.
 */
function restValue(ref: (c: string) => string, fields: readonly string[]): string {
  const head = `concat_ws(char(31), ${fields.map((f) => `nullif(${ref(`s_${f}`)}, '')`).join(', ')})`;
  return `CASE WHEN ${head} = '' THEN ${ref('search_all')} ELSE substr(${ref('search_all')}, length(${head}) + 2) END`;
}

const framed = (ref: string) => `char(31) || ${ref} || char(31, 31)`;

/** FTS column → its value from record row `row` (framed, except the status). */
function columnMap(table: string): Array<[string, (row: string) => string]> {
  const list = listOf(table);
  return [
    ['status', (row) => statusValue(`${row}.status`)],
    ...ftsTextColumns(table).map((c): [string, (row: string) => string] => [
      c,
      (row) => framed(c === 's_rest' ? restValue((col) => `${row}.${col}`, list.indexed) : `${row}.${c}`),
    ]),
  ];
}

/** The record columns an index row is made of: a change of one of them rewrites it. */
function sourceColumns(table: string): string[] {
  const list = listOf(table);
  return ['status', ...list.indexed.map((f) => `s_${f}`), ...(list.searchAllAlso.length ? ['search_all'] : [])];
}

/**
 * The status is indexed as one trigram, U+001F + its first two letters, so a status filter is one
 * posting list rather than a phrase of eight. The two letters tell the statuses of a list apart
 * (checked below for every list, so a new status that breaks this fails at load, in every test).
 */
export const statusToken = (status: string): string => `\u001f${status.slice(0, 2)}`;
const statusValue = (ref: string) => `char(31) || substr(${ref}, 1, 2)`;
for (const [endpoint, list] of Object.entries(LISTS)) {
  const tokens = new Set<string>(list.statuses.map(statusToken));
  if (tokens.size !== list.statuses.length) throw new Error(`${endpoint}: two statuses start with the same two letters; the search index's status token needs a new shape`);
}

/** Creates the index, its vocabulary and its triggers, and fills it from the rows there are. */
export function createSearchIndex(db: Db, table: string): void {
  const cols = columnMap(table);
  const fts = ftsTable(table);
  const ftsCols = cols.map(([f]) => f).join(', ');
  const values = (row: string) => cols.map(([, v]) => v(row)).join(', ');
  // Only a change of an indexed value rewrites the index row (edits that touch other fields, and
  // borrow/return, which keep the status, do not).
  const changed = sourceColumns(table).map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  db.exec(`
    CREATE VIRTUAL TABLE ${fts} USING fts5(${ftsCols}, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
    CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${fts} (rowid, ${ftsCols}) VALUES (new.id, ${values('new')});
    END;
    CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
      DELETE FROM ${fts} WHERE rowid = old.id;
    END;
    CREATE TRIGGER ${table}_fts_update AFTER UPDATE ON ${table} WHEN ${changed} BEGIN
      DELETE FROM ${fts} WHERE rowid = old.id;
      INSERT INTO ${fts} (rowid, ${ftsCols}) VALUES (new.id, ${values('new')});
    END;
    INSERT INTO ${fts} (rowid, ${ftsCols}) SELECT t.id, ${values('t')} FROM ${table} t;
  `);
}

/** Rebuilds every list's index in the current shape (lab.db v10: no `search_all` column). */
export function rebuildSearchIndexes(db: Db): void {
  for (const { table } of Object.values(LISTS)) {
    dropSearchIndex(db, table);
    createSearchIndex(db, table);
  }
}

/** Drops the index, vocabulary and triggers, even when a shadow table is missing or damaged. */
function dropSearchIndex(db: Db, table: string): void {
  const fts = ftsTable(table);
  db.exec(`DROP TRIGGER IF EXISTS ${table}_fts_insert; DROP TRIGGER IF EXISTS ${table}_fts_delete; DROP TRIGGER IF EXISTS ${table}_fts_update;
           DROP TABLE IF EXISTS ${termsTable(table)};`);
  vocabReady.get(db)?.delete(table);
  try {
    db.exec(`DROP TABLE IF EXISTS ${fts}`);
  } catch {
    // FTS5 cannot open a table whose shadow tables are gone, so it cannot drop it either: remove
    // its schema entry (the documented writable_schema route) and whatever shadow tables remain.
    const version = db.pragma('schema_version', { simple: true }) as number;
    db.unsafeMode(true);
    try {
      db.pragma('writable_schema = ON');
      db.prepare(`DELETE FROM sqlite_schema WHERE type = 'table' AND name = ?`).run(fts);
      db.pragma(`schema_version = ${version + 1}`);
      db.pragma('writable_schema = OFF');
    } finally {
      db.unsafeMode(false);
    }
    for (const s of ['data', 'idx', 'config', 'docsize', 'content']) db.exec(`DROP TABLE IF EXISTS ${fts}_${s}`);
  }
}

const SHADOWS = ['data', 'idx', 'config', 'docsize'];

/** Why a list's search index cannot be trusted, or null when it looks whole. */
export function searchIndexProblem(db: Db, table: string): string | null {
  const fts = ftsTable(table);
  const names = new Set(db.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE ? ESCAPE '\\'`).pluck().all(`${table.replace(/_/g, '\\_')}\\_fts%`) as string[]);
  for (const n of [fts, ...SHADOWS.map((s) => `${fts}_${s}`), `${table}_fts_insert`, `${table}_fts_delete`, `${table}_fts_update`]) {
    if (!names.has(n)) return `${n} is missing`;
  }
  try {
    // One row of the index per record (docsize keeps one per document), and a query that reads
    // the index structure answers.
    const indexed = db.prepare(`SELECT count(*) FROM ${fts}_docsize`).pluck().get() as number;
    const rows = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    if (indexed !== rows) return `${fts} holds ${indexed} rows for ${rows} records`;
    db.prepare(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`).get(`{status}: "${statusToken('')}\u001f\u001f"`);
    db.prepare(`SELECT term FROM ${ensureTermsTable(db, table)} WHERE term >= ? LIMIT 1`).all('\u001f');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return null;
}

/**
 * Checks every list's search index at start and rebuilds a damaged or missing one from the record
 * rows (the texts it indexes are all there), in one transaction. Returns what was rebuilt and why.
 */
export function ensureSearchIndexes(db: Db): Array<{ table: string; problem: string }> {
  const rebuilt: Array<{ table: string; problem: string }> = [];
  for (const endpoint of Object.keys(LISTS) as ListEndpoint[]) {
    const { table } = LISTS[endpoint];
    const problem = searchIndexProblem(db, table);
    if (!problem) continue;
    writeTransaction(db, () => {
      dropSearchIndex(db, table);
      createSearchIndex(db, table);
    });
    rebuilt.push({ table, problem });
  }
  return [...rebuilt, ...ensureLetterIndexes(db)];
}
