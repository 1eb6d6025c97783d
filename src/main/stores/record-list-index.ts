// The list search index of record-list-store.ts (docs/stores.md), in lab.db: per record table an
// FTS5 trigram table (lab.db v6, reshaped in v10) and a letter index (v10), each kept by SQL
// triggers on the record table, so every connection and write path (services, the import worker,
// stock-in, a migrated restore) updates them in the writing transaction without any JavaScript.
//
// The trigram index holds the normalized search columns the services already write (`s_<field>`,
// and the rest of `search_all`: ftsTextColumns) and the status. Contentless (`content=''`,
// `contentless_delete=1`): the texts live in the record rows once; the index holds only trigrams.
// Each indexed value is stored framed, U+001F + value + U+001F U+001F: the leading separator lets
// relevance ask "a part starts with / equals the term" as a phrase; the two trailing ones make
// every occurrence of a one- or two-character word the start of some trigram, so a short word is
// found by the trigrams that begin with it (read from a TEMP fts5vocab table).
//
// The letter index: a search word of one character that begins too many trigrams to expand (`a`,
// `e`, `1`: 90 % of the rows) cannot be narrowed by the trigram index, and the instr scan of
// 100 000 wide rows takes ~90 ms. Per record table a narrow table `<table>_letters` (id, mask,
// status) holds which of a–z and 0–9 occur in the row's `search_all` (one bit each); counting and
// walking newest first read ~20 bytes a row instead of ~1 KB. A bit is exact for a one-character
// word: the normalized text contains the letter or it does not, so the results equal the scan's.
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { totalChanges } from '../db/connection';
import { LISTS, type ListEndpoint } from '../../shared/records';

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
 * (records/search.ts searchColumns); `s_rest` is what follows the fields' parts, cut off in SQL so every
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
function createSearchIndex(db: Db, table: string): void {
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

/** Drops the index, vocabulary and triggers, even when a shadow table is missing or damaged. */
function dropSearchIndex(db: Db, table: string): void {
  db.exec(`DROP TRIGGER IF EXISTS ${table}_fts_insert; DROP TRIGGER IF EXISTS ${table}_fts_delete; DROP TRIGGER IF EXISTS ${table}_fts_update;
           DROP TABLE IF EXISTS ${termsTable(table)};`);
  vocabReady.get(db)?.delete(table);
  dropFtsTable(db, ftsTable(table));
}

/** Drops an FTS5 table, also one whose shadow tables are missing or damaged. */
export function dropFtsTable(db: Db, fts: string): void {
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

/** Drops a list's trigram index and makes it again from the record rows (inside the caller's transaction). */
export function rebuildSearchIndex(db: Db, table: string): void {
  dropSearchIndex(db, table);
  createSearchIndex(db, table);
}

/** The characters with a bit, in bit order. */
export const MASK_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

export const lettersTable = (table: string): string => `${table}_letters`;

/** SQL for the mask of a normalized text (NULL → 0). */
const maskSql = (ref: string) => `coalesce(${[...MASK_CHARS].map((c, i) => `((instr(${ref}, '${c}') > 0) << ${i})`).join(' | ')}, 0)`;

/** The mask of a normalized text, as maskSql computes it (for tests and checks). */
export function maskOf(text: string): number {
  let m = 0;
  for (let i = 0; i < MASK_CHARS.length; i++) if (text.includes(MASK_CHARS[i]!)) m += 2 ** i;
  return m;
}

/** The bits a search's words need, or null unless every word is one character with a bit. */
export function wordsMask(words: readonly string[]): number | null {
  if (!words.length) return null;
  const bits = new Set<number>();
  for (const w of words) {
    const i = w.length === 1 ? MASK_CHARS.indexOf(w) : -1;
    if (i < 0) return null;
    bits.add(i);
  }
  // 36 bits: past 32, so sums of powers of two, not JavaScript's 32-bit `|`.
  let m = 0;
  for (const i of bits) m += 2 ** i;
  return m;
}

/**
 * Creates one table's letter index and its triggers, and fills it from the rows there are. A new
 * row's mask is the `search_letters` its writer computed with the search columns (records/search.ts
 * searchColumns, maskOf: the same bits), else computed here: 36 instr() calls per row in SQL cost a
 * 100 000-row import commit ~0.5 s. An update always recomputes it from `search_all` here, so a
 * writer that changes `search_all` alone (a location rename) keeps the index right;
 * `search_letters` is read only when a row is inserted.
 */
function createLetterIndex(db: Db, table: string): void {
  const l = lettersTable(table);
  db.exec(`
    CREATE TABLE ${l} (id INTEGER PRIMARY KEY, mask INTEGER NOT NULL, status TEXT NOT NULL);
    CREATE TRIGGER ${l}_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${l} (id, mask, status) VALUES (new.id, coalesce(new.search_letters, ${maskSql('new.search_all')}), new.status);
    END;
    CREATE TRIGGER ${l}_delete AFTER DELETE ON ${table} BEGIN
      DELETE FROM ${l} WHERE id = old.id;
    END;
    CREATE TRIGGER ${l}_update AFTER UPDATE OF search_all, status ON ${table} WHEN old.search_all IS NOT new.search_all OR old.status IS NOT new.status BEGIN
      UPDATE ${l} SET mask = ${maskSql('new.search_all')}, status = new.status WHERE id = new.id;
    END;
    INSERT INTO ${l} (id, mask, status) SELECT id, ${maskSql('search_all')}, status FROM ${table};
  `);
}

/**
 * Why a list's letter index (lab.db v10 made them; migrations run first) cannot be trusted: its
 * table or a trigger missing, or not one row per record with the record's status. Null when whole.
 */
export function letterIndexProblem(db: Db, table: string): string | null {
  const l = lettersTable(table);
  const names = new Set(db.prepare(`SELECT name FROM sqlite_schema WHERE name IN (?, ?, ?, ?)`).pluck().all(l, `${l}_insert`, `${l}_delete`, `${l}_update`) as string[]);
  if (names.size !== 4) return 'a trigger or the table is missing';
  const stray = db.prepare(`SELECT (SELECT count(*) FROM ${table}) - (SELECT count(*) FROM ${l} l JOIN ${table} t ON t.id = l.id AND t.status = l.status)`).pluck().get() as number;
  return stray !== 0 ? `${l} does not hold one row per record` : null;
}

/** Drops a list's letter index and makes it again from the record rows (inside the caller's transaction). */
export function rebuildLetterIndex(db: Db, table: string): void {
  const l = lettersTable(table);
  db.exec(`DROP TRIGGER IF EXISTS ${l}_insert; DROP TRIGGER IF EXISTS ${l}_delete; DROP TRIGGER IF EXISTS ${l}_update; DROP TABLE IF EXISTS ${l};`);
  createLetterIndex(db, table);
}

// ---- A bulk append's merging (bulk-import/import-write.child.ts) ----

/** FTS5's merge settings when the index's config has none. */
const FTS5_DEFAULTS = { automerge: 4, crisismerge: 16 };

/** An FTS5 table's segment merge settings (`automerge`, `crisismerge`), FTS5's defaults where its config has none. */
export function mergeSettings(db: Db, fts: string): { automerge: number; crisismerge: number } {
  const setting = (k: string) => prepareCached(db, `SELECT v FROM ${fts}_config WHERE k = ?`, 'pluck').get(k) as number | undefined;
  return { automerge: setting('automerge') ?? FTS5_DEFAULTS.automerge, crisismerge: setting('crisismerge') ?? FTS5_DEFAULTS.crisismerge };
}

/** Sets an FTS5 table's merge settings (stored in its config table: a rollback restores them). */
export function setMergeSettings(db: Db, fts: string, s: { automerge: number; crisismerge: number }): void {
  // FTS5 refuses a bound value here ("SQL logic error"); the numbers are ours, written as literals.
  for (const k of ['automerge', 'crisismerge'] as const) db.exec(`INSERT INTO ${fts} (${fts}, rank) VALUES ('${k}', ${Math.trunc(Number(s[k]))})`);
}

/** One merge step of `pages` pages on an FTS5 table; whether it changed more than almost nothing (FTS5's documented test for done). */
export function mergeStep(db: Db, fts: string, pages: number): boolean {
  const before = totalChanges(db);
  prepareCached(db, `INSERT INTO ${fts} (${fts}, rank) VALUES ('merge', ${Math.trunc(pages)})`).run();
  return totalChanges(db) - before >= 2;
}
