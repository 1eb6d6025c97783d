// The one owner of reference.db's tables (docs/stores.md): the shipped reference lists, loaded
// whole by the reference room's build (src/main/reference/README.md) and read by CAS. reference.db
// is derived from the shipped files and rebuilt, never migrated: a change of this schema changes
// REFERENCE_SCHEMA_VERSION, which the build's hash includes.
//
// Tables: meta (key → value: the hash it was built from); hazchem, yizhibao, yizhidu, ghs (one
// row per list entry, `ord` = its row in the file) with a `<list>_cas` table (entry → canonical
// CAS, one row per CAS of the entry); epa_groups, epa_codes, epa_pairs (the compatibility chart).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import type { GhsEntry, HazchemEntry, YizhibaoEntry, YizhiduEntry } from '../../shared/reference';

export const REFERENCE_SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE hazchem (ord INTEGER PRIMARY KEY, serial INTEGER NOT NULL, name TEXT NOT NULL, alias TEXT NOT NULL, note TEXT NOT NULL, toxic INTEGER NOT NULL);
CREATE TABLE yizhibao (ord INTEGER PRIMARY KEY, name TEXT NOT NULL, alias TEXT NOT NULL, class TEXT NOT NULL);
CREATE TABLE yizhidu (ord INTEGER PRIMARY KEY, category INTEGER NOT NULL, name TEXT NOT NULL);
CREATE TABLE ghs (ord INTEGER PRIMARY KEY, name TEXT NOT NULL, pictograms TEXT NOT NULL, signal_word TEXT, hazards TEXT NOT NULL, categories TEXT NOT NULL, source TEXT NOT NULL);
CREATE TABLE hazchem_cas (cas TEXT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (cas, ord)) WITHOUT ROWID;
CREATE TABLE yizhibao_cas (cas TEXT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (cas, ord)) WITHOUT ROWID;
CREATE TABLE yizhidu_cas (cas TEXT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (cas, ord)) WITHOUT ROWID;
CREATE TABLE ghs_cas (cas TEXT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (cas, ord)) WITHOUT ROWID;
CREATE TABLE epa_groups (no INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE epa_codes (code TEXT PRIMARY KEY, consequence TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE epa_pairs (a INTEGER NOT NULL, b INTEGER NOT NULL, codes TEXT NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
`;

/** The lists a CAS is looked up in. */
export type ReferenceList = 'hazchem' | 'yizhibao' | 'yizhidu' | 'ghs';

/** What the build writes: each list's entries with their CAS numbers (canonical), in file order. */
export interface ReferenceContent {
  hazchem: Array<HazchemEntry & { cas: string[] }>;
  yizhibao: Array<YizhibaoEntry & { cas: string[] }>;
  yizhidu: Array<YizhiduEntry & { cas: string[] }>;
  ghs: Array<GhsEntry & { cas: string[] }>;
  epaGroups: Array<{ no: number; name: string }>;
  epaCodes: Array<{ code: string; consequence: string }>;
  epaPairs: Array<{ a: number; b: number; codes: string[] }>;
}

/** Creates the tables and writes everything into a new, empty file (the caller's transaction). */
export function writeReferenceContent(db: Db, c: ReferenceContent, meta: Record<string, string>): void {
  db.exec(SCHEMA);
  const entries = <E extends { cas: string[] }>(table: ReferenceList, rows: E[], columns: string[], values: (e: E) => unknown[]) => {
    const insert = db.prepare(`INSERT INTO ${table} (ord, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`);
    const cas = db.prepare(`INSERT OR IGNORE INTO ${table}_cas (cas, ord) VALUES (?, ?)`);
    rows.forEach((e, ord) => {
      insert.run(ord, ...values(e));
      for (const n of e.cas) cas.run(n, ord);
    });
  };
  entries('hazchem', c.hazchem, ['serial', 'name', 'alias', 'note', 'toxic'], (e) => [e.serial, e.name, e.alias, e.note, e.toxic ? 1 : 0]);
  entries('yizhibao', c.yizhibao, ['name', 'alias', 'class'], (e) => [e.name, e.alias, e.class]);
  entries('yizhidu', c.yizhidu, ['category', 'name'], (e) => [e.category, e.name]);
  entries('ghs', c.ghs, ['name', 'pictograms', 'signal_word', 'hazards', 'categories', 'source'], (e) => [
    e.name,
    JSON.stringify(e.pictograms),
    e.signalWord,
    JSON.stringify(e.hazards),
    JSON.stringify(e.categories),
    e.source,
  ]);
  const group = db.prepare('INSERT INTO epa_groups (no, name) VALUES (?, ?)');
  for (const g of c.epaGroups) group.run(g.no, g.name);
  const code = db.prepare('INSERT INTO epa_codes (code, consequence) VALUES (?, ?)');
  for (const x of c.epaCodes) code.run(x.code, x.consequence);
  const pair = db.prepare('INSERT INTO epa_pairs (a, b, codes) VALUES (?, ?, ?)');
  for (const p of c.epaPairs) pair.run(p.a, p.b, p.codes.join(','));
  const m = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  for (const [k, v] of Object.entries(meta)) m.run(k, v);
}

export interface ReferenceReads {
  /** A meta value, or null (also when the file has no meta table: not one of ours). */
  meta(key: string): string | null;
  /** Rows per table, for the build's check against the manifest. */
  rowCounts(): Record<ReferenceList | 'epaGroups' | 'epaCodes' | 'epaPairs', number>;
  hazchem(cas: string): HazchemEntry[];
  yizhibao(cas: string): YizhibaoEntry[];
  yizhidu(cas: string): YizhiduEntry[];
  ghs(cas: string): GhsEntry[];
  /** Every CAS a list indexes. */
  casOf(list: ReferenceList): string[];
}

export function referenceStore(db: Db): ReferenceReads {
  const byCas = (table: ReferenceList, columns: string) => (cas: string) =>
    prepareCached(db, `SELECT ${columns} FROM ${table}_cas c JOIN ${table} e ON e.ord = c.ord WHERE c.cas = ? ORDER BY e.ord`).all(cas) as Array<Record<string, unknown>>;
  const hazchem = byCas('hazchem', 'e.serial, e.name, e.alias, e.note, e.toxic');
  const yizhibao = byCas('yizhibao', 'e.name, e.alias, e.class');
  const yizhidu = byCas('yizhidu', 'e.category, e.name');
  const ghs = byCas('ghs', 'e.name, e.pictograms, e.signal_word, e.hazards, e.categories, e.source');
  const count = (table: string) => prepareCached(db, `SELECT count(*) FROM ${table}`, 'pluck').get() as number;
  return {
    meta: (key) => {
      const hasMeta = prepareCached(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'", 'pluck').get();
      return hasMeta ? ((prepareCached(db, 'SELECT value FROM meta WHERE key = ?', 'pluck').get(key) as string | undefined) ?? null) : null;
    },
    rowCounts: () => ({
      hazchem: count('hazchem'),
      yizhibao: count('yizhibao'),
      yizhidu: count('yizhidu'),
      ghs: count('ghs'),
      epaGroups: count('epa_groups'),
      epaCodes: count('epa_codes'),
      epaPairs: count('epa_pairs'),
    }),
    hazchem: (cas) => hazchem(cas).map((r) => ({ serial: r.serial as number, name: r.name as string, alias: r.alias as string, note: r.note as string, toxic: r.toxic === 1 })),
    yizhibao: (cas) => yizhibao(cas).map((r) => ({ name: r.name as string, alias: r.alias as string, class: r.class as string })),
    yizhidu: (cas) => yizhidu(cas).map((r) => ({ category: r.category as 1 | 2 | 3, name: r.name as string })),
    ghs: (cas) =>
      ghs(cas).map((r) => ({
        name: r.name as string,
        pictograms: JSON.parse(r.pictograms as string) as string[],
        signalWord: (r.signal_word as GhsEntry['signalWord']) ?? null,
        hazards: JSON.parse(r.hazards as string) as GhsEntry['hazards'],
        categories: JSON.parse(r.categories as string) as string[],
        source: r.source as string,
      })),
    casOf: (table) => prepareCached(db, `SELECT DISTINCT cas FROM ${table}_cas ORDER BY cas`, 'pluck').all() as string[],
  };
}
