// The list search index in the shape lab.db v6 created and v10 rebuilt: per record table an FTS5
// trigram table over the normalized search columns and the status, kept by triggers. Frozen
// (src/main/db/README.md): the lists as they stood are written out below; the app's
// src/main/records/search-index.ts checks and repairs this shape at start and may change only
// together with a new migration.
import type { Db } from '../../open';

/** Per table: the indexed fields (`s_<field>`), and whether `search_all` holds more (then `s_rest`). */
const LISTS_V10: ReadonlyArray<{ table: string; indexed: readonly string[]; rest: boolean }> = [
  { table: 'inventory_items', indexed: ['name', 'cas_number', 'storage_location', 'brand', 'category'], rest: true },
  { table: 'reagent_orders', indexed: ['name', 'cas_number', 'brand', 'category', 'applicant'], rest: true },
  { table: 'consumable_orders', indexed: ['name', 'specification', 'communication', 'applicant'], rest: false },
];

function listOf(table: string): (typeof LISTS_V10)[number] {
  const list = LISTS_V10.find((l) => l.table === table);
  if (!list) throw new Error(`no list has table ${table}`);
  return list;
}

/** `s_rest`: what follows the indexed fields' parts in `search_all`. */
function restValue(ref: (c: string) => string, fields: readonly string[]): string {
  const head = `concat_ws(char(31), ${fields.map((f) => `nullif(${ref(`s_${f}`)}, '')`).join(', ')})`;
  return `CASE WHEN ${head} = '' THEN ${ref('search_all')} ELSE substr(${ref('search_all')}, length(${head}) + 2) END`;
}

const framed = (ref: string) => `char(31) || ${ref} || char(31, 31)`;

/** FTS column → its value from record row `row`: the status as one token, the texts framed. */
function columnMap(table: string): Array<[string, (row: string) => string]> {
  const list = listOf(table);
  const texts = [...list.indexed.map((f) => `s_${f}`), ...(list.rest ? ['s_rest'] : [])];
  return [
    ['status', (row) => `char(31) || substr(${row}.status, 1, 2)`],
    ...texts.map((c): [string, (row: string) => string] => [c, (row) => framed(c === 's_rest' ? restValue((col) => `${row}.${col}`, list.indexed) : `${row}.${c}`)]),
  ];
}

/** Creates a table's index and triggers, and fills it from the rows there are. */
export function createSearchIndexV10(db: Db, table: string): void {
  const list = listOf(table);
  const cols = columnMap(table);
  const fts = `${table}_fts`;
  const ftsCols = cols.map(([f]) => f).join(', ');
  const values = (row: string) => cols.map(([, v]) => v(row)).join(', ');
  const sources = ['status', ...list.indexed.map((f) => `s_${f}`), ...(list.rest ? ['search_all'] : [])];
  const changed = sources.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
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

/** Drops a table's index and triggers, even when a shadow table is missing or damaged. */
function dropSearchIndex(db: Db, table: string): void {
  const fts = `${table}_fts`;
  db.exec(`DROP TRIGGER IF EXISTS ${table}_fts_insert; DROP TRIGGER IF EXISTS ${table}_fts_delete; DROP TRIGGER IF EXISTS ${table}_fts_update;
           DROP TABLE IF EXISTS temp.${table}_fts_terms;`);
  try {
    db.exec(`DROP TABLE IF EXISTS ${fts}`);
  } catch {
    // FTS5 cannot drop a table whose shadow tables are gone: remove its schema entry (the
    // documented writable_schema route) and whatever shadow tables remain.
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

/** Every list's index made again in this shape. */
export function rebuildSearchIndexesV10(db: Db): void {
  for (const { table } of LISTS_V10) {
    dropSearchIndex(db, table);
    createSearchIndexV10(db, table);
  }
}
