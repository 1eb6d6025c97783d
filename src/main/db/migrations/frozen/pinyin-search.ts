// The pinyin of the list search as lab.db v13 added it: per record table the pinyin forms of its
// search texts in columns of the row (`py_<field>` for every indexed field but the CAS number,
// `py_rest` for the parts only the `all` search covers) and an FTS5 trigram index over them and the
// status, kept by triggers. Frozen (src/main/db/README.md): the lists and the forms as they stood
// are written out here; the app's src/main/records/pinyin.ts and src/main/stores/pinyin-index.ts
// make and repair this shape and may change only together with a new migration.
import { createRequire } from 'node:module';
import type { pinyin as Pinyin } from 'pinyin-pro';
import type { Db } from '../../open';

const SEP = '\u001f';

/** Per table: the indexed fields (`s_<field>`, in order), those with pinyin, and whether `search_all` holds more (`py_rest`). */
const LISTS_V13: ReadonlyArray<{ table: string; indexed: readonly string[]; pinyin: readonly string[]; rest: boolean }> = [
  { table: 'inventory_items', indexed: ['name', 'cas_number', 'storage_location', 'brand', 'category'], pinyin: ['name', 'storage_location', 'brand', 'category'], rest: true },
  { table: 'reagent_orders', indexed: ['name', 'cas_number', 'brand', 'category', 'applicant'], pinyin: ['name', 'brand', 'category', 'applicant'], rest: true },
  { table: 'consumable_orders', indexed: ['name', 'specification', 'communication', 'applicant'], pinyin: ['name', 'specification', 'communication', 'applicant'], rest: false },
];

// Loaded on the first Chinese text only (a database without any skips ~60 ms of dictionaries).
let pinyin: typeof Pinyin | undefined;
const HAN = /\p{Script=Han}/u;
const NAME_BREAK = /[;；,，、/|()（）[\]【】〔〕<>《》:：]+/u;

function syllables(text: string): string[] {
  pinyin ??= (createRequire(__filename)('pinyin-pro') as { pinyin: typeof Pinyin }).pinyin;
  return pinyin(text, { toneType: 'none', type: 'array', v: true, nonZh: 'removed' })
    .map((s) => s.replace(/[^a-z]/g, ''))
    .filter(Boolean);
}

/** The pinyin forms of one normalized text part: full syllables and initials, of the whole and of each of several names. */
export function pinyinFormsV13(part: string): string[] {
  if (!HAN.test(part)) return [];
  const out = new Set<string>();
  const add = (text: string) => {
    const s = syllables(text);
    if (!s.length) return;
    out.add(s.join(''));
    if (s.length > 1) out.add(s.map((x) => x[0]).join(''));
  };
  add(part);
  const names = part.split(NAME_BREAK).filter((n) => HAN.test(n));
  if (names.length > 1) for (const n of names) add(n);
  return [...out];
}

const columnsOf = (l: (typeof LISTS_V13)[number]) => [...l.pinyin.map((f) => `py_${f}`), ...(l.rest ? ['py_rest'] : [])];

/** A row's pinyin columns from its stored normalized search columns (their parts joined by U+001F). */
function pinyinOfRow(l: (typeof LISTS_V13)[number], row: Record<string, string>): string[] {
  const forms = (parts: string[]) => parts.flatMap(pinyinFormsV13).join(SEP);
  const partsOf = (v: string) => (v ? v.split(SEP) : []);
  const out = l.pinyin.map((f) => forms(partsOf(row[`s_${f}`] ?? '')));
  if (l.rest) {
    const head = l.indexed.reduce((n, f) => n + partsOf(row[`s_${f}`] ?? '').length, 0);
    out.push(forms(partsOf(row.search_all ?? '').slice(head)));
  }
  return out;
}

function createPinyinIndex(db: Db, l: (typeof LISTS_V13)[number]): void {
  const cols = columnsOf(l);
  const fts = `${l.table}_pinyin`;
  const ftsCols = ['status', ...cols].join(', ');
  const values = (row: string) => [`char(31) || substr(${row}.status, 1, 2)`, ...cols.map((c) => `char(31) || ${row}.${c} || char(31, 31)`)].join(', ');
  const has = (row: string) => `(${cols.map((c) => `${row}.${c} <> ''`).join(' OR ')})`;
  const changed = ['status', ...cols].map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  db.exec(`
    CREATE VIRTUAL TABLE ${fts} USING fts5(${ftsCols}, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
    CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${l.table} WHEN ${has('new')} BEGIN
      INSERT INTO ${fts} (rowid, ${ftsCols}) VALUES (new.id, ${values('new')});
    END;
    CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${l.table} WHEN ${has('old')} BEGIN
      DELETE FROM ${fts} WHERE rowid = old.id;
    END;
    CREATE TRIGGER ${fts}_update AFTER UPDATE ON ${l.table} WHEN (${changed}) AND (${has('old')} OR ${has('new')}) BEGIN
      DELETE FROM ${fts} WHERE rowid = old.id;
      INSERT INTO ${fts} (rowid, ${ftsCols}) SELECT new.id, ${values('new')} WHERE ${has('new')};
    END;
    INSERT INTO ${fts} (rowid, ${ftsCols}) SELECT t.id, ${values('t')} FROM ${l.table} t WHERE ${has('t')};
  `);
}

/** Every list's pinyin columns, filled for the rows there are, and its pinyin index. */
export function addPinyinSearchV13(db: Db): void {
  for (const l of LISTS_V13) {
    const cols = columnsOf(l);
    for (const c of cols) db.exec(`ALTER TABLE ${l.table} ADD COLUMN ${c} TEXT NOT NULL DEFAULT ''`);
    const update = db.prepare(`UPDATE ${l.table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
    const rows = db.prepare(`SELECT id, search_all, ${l.indexed.map((f) => `s_${f}`).join(', ')} FROM ${l.table}`).all() as Array<Record<string, string> & { id: number }>;
    for (const row of rows) {
      // Only rows with Chinese get a form: the others keep the default ''.
      if (!HAN.test(row.search_all ?? '')) continue;
      update.run(...pinyinOfRow(l, row), row.id);
    }
    createPinyinIndex(db, l);
  }
}
