// The pinyin index of the list search (lab.db v13), beside the plain trigram index of
// record-list-index.ts: per record table an FTS5 trigram table `<table>_pinyin` over the pinyin
// forms the writers store with each row (`py_<field>`, `py_rest`: records/pinyin.ts), plus the
// status, kept by SQL triggers on the record table like the plain index, so every write path keeps
// it in the writing transaction.
//
// A table of its own, not more columns of the plain index: a plain word ("acid", "ethanol") then
// costs one look at a small index where it almost never occurs, while in the plain index its
// trigrams' posting lists would be read twice, once to find its plain hits and once with pinyin.
// Only rows with Chinese have a row here (an English-only lab keeps it empty). Values are framed
// like the plain index's (U+001F value U+001F U+001F), so "a form equals / starts with the term"
// is a phrase and a two-letter word is found by the trigrams that begin with it.
import type { Db } from '../db/open';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { dropFtsTable, statusToken } from './record-list-index';

/** The pinyin index of a record table. */
export const pinyinTable = (table: string): string => `${table}_pinyin`;

const vocabReady = new WeakMap<Db, Set<string>>();
/** Its vocabulary (fts5vocab 'row', TEMP like the plain index's, so not part of lab.db). */
export function ensurePinyinTermsTable(db: Db, table: string): string {
  const vocab = `temp.${pinyinTable(table)}_terms`;
  let done = vocabReady.get(db);
  if (!done) vocabReady.set(db, (done = new Set()));
  if (!done.has(table)) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${vocab} USING fts5vocab(main, ${pinyinTable(table)}, 'row')`);
    done.add(table);
  }
  return vocab;
}

function endpointOf(table: string): ListEndpoint {
  const e = (Object.keys(LISTS) as ListEndpoint[]).find((k) => LISTS[k].table === table);
  if (!e) throw new Error(`no list has table ${table}`);
  return e;
}

/** The fields that have a pinyin form: every indexed field but the CAS number (digits only). */
export function pinyinFields(endpoint: ListEndpoint): string[] {
  return LISTS[endpoint].indexed.filter((f) => f !== 'cas_number');
}

/** The pinyin column of one search field (`py_<field>`), or null when it has none. */
export function pinyinColumnOf(endpoint: ListEndpoint, field: string): string | null {
  return pinyinFields(endpoint).includes(field) ? `py_${field}` : null;
}

/**
 * The pinyin columns of a table, in the record row and in its index alike: one per field with
 * pinyin, and `py_rest` (the parts only the `all` search covers) when the list has any.
 */
export function pinyinColumns(table: string): string[] {
  const e = endpointOf(table);
  return [...pinyinFields(e).map((f) => `py_${f}`), ...(LISTS[e].searchAllAlso.length ? ['py_rest'] : [])];
}

const framed = (ref: string) => `char(31) || ${ref} || char(31, 31)`;
const hasPinyin = (table: string, row: string) => `(${pinyinColumns(table).map((c) => `${row}.${c} <> ''`).join(' OR ')})`;

/** Creates the index and its triggers, and fills it from the rows there are (inside the caller's transaction). */
function createPinyinIndex(db: Db, table: string): void {
  const cols = pinyinColumns(table);
  const fts = pinyinTable(table);
  const ftsCols = ['status', ...cols].join(', ');
  const values = (row: string) => [`char(31) || substr(${row}.status, 1, 2)`, ...cols.map((c) => framed(`${row}.${c}`))].join(', ');
  const changed = ['status', ...cols].map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  db.exec(`
    CREATE VIRTUAL TABLE ${fts} USING fts5(${ftsCols}, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
    CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} WHEN ${hasPinyin(table, 'new')} BEGIN
      INSERT INTO ${fts} (rowid, ${ftsCols}) VALUES (new.id, ${values('new')});
    END;
    CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} WHEN ${hasPinyin(table, 'old')} BEGIN
      DELETE FROM ${fts} WHERE rowid = old.id;
    END;
    CREATE TRIGGER ${fts}_update AFTER UPDATE ON ${table} WHEN (${changed}) AND (${hasPinyin(table, 'old')} OR ${hasPinyin(table, 'new')}) BEGIN
      DELETE FROM ${fts} WHERE rowid = old.id;
      INSERT INTO ${fts} (rowid, ${ftsCols}) SELECT new.id, ${values('new')} WHERE ${hasPinyin(table, 'new')};
    END;
    INSERT INTO ${fts} (rowid, ${ftsCols}) SELECT t.id, ${values('t')} FROM ${table} t WHERE ${hasPinyin(table, 't')};
  `);
}

/** Why a list's pinyin index cannot be trusted (missing, damaged, not one row per record with pinyin), or null when it looks whole. */
export function pinyinIndexProblem(db: Db, table: string): string | null {
  const fts = pinyinTable(table);
  const want = [fts, ...['data', 'idx', 'config', 'docsize'].map((s) => `${fts}_${s}`), `${fts}_insert`, `${fts}_delete`, `${fts}_update`];
  const names = new Set(db.prepare(`SELECT name FROM sqlite_schema WHERE name IN (${want.map(() => '?').join(', ')})`).pluck().all(...want) as string[]);
  for (const n of want) if (!names.has(n)) return `${n} is missing`;
  try {
    const indexed = db.prepare(`SELECT count(*) FROM ${fts}_docsize`).pluck().get() as number;
    const rows = db.prepare(`SELECT count(*) FROM ${table} t WHERE ${hasPinyin(table, 't')}`).pluck().get() as number;
    if (indexed !== rows) return `${fts} holds ${indexed} rows for ${rows} records with pinyin`;
    db.prepare(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`).get(`{status}: "${statusToken('')}\u001f\u001f"`);
    db.prepare(`SELECT term FROM ${ensurePinyinTermsTable(db, table)} WHERE term >= ? LIMIT 1`).all('\u001f');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return null;
}

/** Drops the index and its triggers, even when a shadow table is missing or damaged, and makes it again from the rows (inside the caller's transaction). */
export function rebuildPinyinIndex(db: Db, table: string): void {
  const fts = pinyinTable(table);
  db.exec(`DROP TRIGGER IF EXISTS ${fts}_insert; DROP TRIGGER IF EXISTS ${fts}_delete; DROP TRIGGER IF EXISTS ${fts}_update; DROP TABLE IF EXISTS temp.${fts}_terms;`);
  vocabReady.get(db)?.delete(table);
  dropFtsTable(db, fts);
  createPinyinIndex(db, table);
}
