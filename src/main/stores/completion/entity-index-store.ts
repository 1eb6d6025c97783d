// The one owner of completion.db's entity index tables (docs/stores.md), one set per list
// endpoint and generation (schema v3):
//   ix_<endpoint>_<gen>_rows   one row per indexed field value of an entity
//   ix_<endpoint>_<gen>_terms  the values de-duplicated per field and normalized text, best score
//                              (per mille) and `refs`: the rows behind the term per score and spelling
//   ix_<endpoint>_<gen>_top    best terms of every prefix with more than LARGE_PREFIX_TERMS terms
// The endpoints come from LISTS and the generations are numbers, so every table name is built
// from fixed parts. endpoint_meta.active_gen (endpoint-meta-store.ts) names the generation readers
// use; a rebuild fills the next one, swaps, and drops the old one whole (docs/completion.md).
// What goes into the tables (field construction, which terms are best) is decided by the
// completion room; this store only reads and writes them.
import type { Statement } from 'better-sqlite3';
import { tableExists, type Db } from '../../db/open';
import { prepareCached } from '../../db/statements';
import { LISTS, type ListEndpoint } from '../../../shared/records';

/** Terms kept per indexed field for one prefix (spec: "a separate cap on the candidate count for each"). */
export const FIELD_CAP = 4;
/**
 * Prefixes with more terms than this have their best terms precomputed in `_top`: every term a
 * range read returns has to cross into JavaScript, so a short read keeps the read path's tail low,
 * at the cost of more precomputed rows (docs/completion.md "Tuning constants").
 */
export const LARGE_PREFIX_TERMS = 16;

export interface GenerationTables {
  rows: string;
  terms: string;
  top: string;
}

export function tablesOf(endpoint: ListEndpoint, gen: number): GenerationTables {
  if (!Number.isSafeInteger(gen) || gen < 0) throw new Error(`bad index generation ${gen}`);
  const base = `ix_${LISTS[endpoint].indexKey}_${gen}`;
  return { rows: `${base}_rows`, terms: `${base}_terms`, top: `${base}_top` };
}

/** A generation's indexes, in the order they are dropped (before the tables: no upkeep while the rows are emptied). */
export const GENERATION_INDEXES = ['rowsEntity', 'termsRank', 'termsNorm'] as const;
export type GenerationIndex = (typeof GENERATION_INDEXES)[number];
/** A generation's tables, in the order they are dropped. */
export const GENERATION_TABLES = ['rows', 'terms', 'top'] as const satisfies ReadonlyArray<keyof GenerationTables>;
export type GenerationTable = (typeof GENERATION_TABLES)[number];

function indexName(t: GenerationTables, index: GenerationIndex): string {
  return { rowsEntity: `${t.rows}_entity`, termsRank: `${t.terms}_rank`, termsNorm: `${t.terms}_norm` }[index];
}

/** Names of the tables and indexes one generation must have (the start-up check looks for them). */
export function generationObjects(endpoint: ListEndpoint, gen: number): string[] {
  const t = tablesOf(endpoint, gen);
  return [t.rows, indexName(t, 'rowsEntity'), t.terms, indexName(t, 'termsRank'), indexName(t, 'termsNorm'), t.top];
}

/** DDL of one generation: tables and their indexes, one statement each. */
function generationDdl(endpoint: ListEndpoint, gen: number): string[] {
  const t = tablesOf(endpoint, gen);
  return [
    `CREATE TABLE ${t.rows} (entity_id INTEGER NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL, score REAL NOT NULL)`,
    `CREATE INDEX ${indexName(t, 'rowsEntity')} ON ${t.rows}(entity_id)`,
    // score: per mille; refs: rows behind the term per score and spelling, JSON {"1000":{"Ethanol":3}}
    `CREATE TABLE ${t.terms} (field TEXT NOT NULL, norm TEXT NOT NULL, text TEXT NOT NULL, score INTEGER NOT NULL, refs TEXT NOT NULL, PRIMARY KEY (field, norm)) WITHOUT ROWID`,
    `CREATE INDEX ${indexName(t, 'termsRank')} ON ${t.terms}(field, score, norm, text)`,
    `CREATE INDEX ${indexName(t, 'termsNorm')} ON ${t.terms}(norm, field, score, text)`,
    `CREATE TABLE ${t.top} (prefix TEXT NOT NULL, field TEXT NOT NULL, rank INTEGER NOT NULL, score INTEGER NOT NULL, norm TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (prefix, field, rank)) WITHOUT ROWID`,
  ];
}

/** A term as the read path and the precomputed prefixes hold it (score per mille). */
export interface TermPick {
  field: string;
  score: number;
  norm: string;
  text: string;
}

/** One indexed field value of an entity (score 0..1). */
export interface IndexRow {
  entityId: number;
  field: string;
  text: string;
  norm: string;
  score: number;
}

/** Rows behind a term: score per mille → spelling → count. */
export type TermRefs = Record<string, Record<string, number>>;

/** A term row: its best spelling and score (per mille) and the rows behind it. */
export interface IndexTerm {
  field: string;
  norm: string;
  text: string;
  score: number;
  refs: TermRefs;
}

/** The score levels (per mille, best first) the terms of an endpoint can carry: the completion room's status-to-score table. */
export type ScoreLevels = (endpoint: ListEndpoint) => readonly number[];

/** Inserts into one generation, statements prepared once (a rebuild writes a million rows). */
export interface GenerationWriter {
  row(r: IndexRow): void;
  term(t: IndexTerm): void;
  /** The best terms of a precomputed prefix, ranked per field in the order given. */
  top(prefix: string, picks: readonly TermPick[]): void;
}

export interface EntityIndexReads {
  /** Generations that have tables in the file (a killed rebuild can leave one behind), ascending. */
  generationsOnDisk(endpoint: ListEndpoint): number[];
  hasRowsTable(endpoint: ListEndpoint, gen: number): boolean;
  /**
   * Terms extending the prefix q (norm in q … hi), from which the best FIELD_CAP per field are
   * chosen: a precomputed prefix is one seek; a range of up to LARGE_PREFIX_TERMS terms is read
   * whole; a larger one is read as bestTermsByLevel. The read path's statement per endpoint and
   * generation is prepared once (those of a generation swapped out are let go).
   */
  termsUnder(endpoint: ListEndpoint, gen: number, q: string, hi: string): TermPick[];
  /** Per field and score level the first FIELD_CAP terms in the range, by normalized text: a superset of each field's best. */
  bestTermsByLevel(endpoint: ListEndpoint, gen: number, q: string, hi: string): TermPick[];
  /** Whether the prefix has precomputed best terms. */
  isPrecomputed(endpoint: ListEndpoint, gen: number, prefix: string): boolean;
  /** The rows of one entity. */
  entityRows(endpoint: ListEndpoint, gen: number, entityId: number): Array<Omit<IndexRow, 'entityId'>>;
  /** The rows behind a term; undefined when there is no such term. */
  termRefs(endpoint: ListEndpoint, gen: number, field: string, norm: string): TermRefs | undefined;
}

export interface EntityIndexWrites extends EntityIndexReads {
  createGeneration(endpoint: ListEndpoint, gen: number): void;
  /** Every table and index of a generation at once (those that exist). */
  dropGeneration(endpoint: ListEndpoint, gen: number): void;
  dropIndex(endpoint: ListEndpoint, gen: number, index: GenerationIndex): void;
  dropTable(endpoint: ListEndpoint, gen: number, table: GenerationTable): void;
  /** Deletes the first `step` rows of a generation's rows table (by storage order); how many went. */
  deleteRowsStep(endpoint: ListEndpoint, gen: number, step: number): number;
  deleteEntityRows(endpoint: ListEndpoint, gen: number, entityId: number): void;
  /** Rows only: the caller keeps the terms current. */
  insertRows(endpoint: ListEndpoint, gen: number, rows: readonly IndexRow[]): void;
  /** Inserts or replaces a term. */
  putTerm(endpoint: ListEndpoint, gen: number, t: IndexTerm): void;
  deleteTerm(endpoint: ListEndpoint, gen: number, field: string, norm: string): void;
  /** Replaces the stored best terms of one precomputed prefix. */
  replaceTop(endpoint: ListEndpoint, gen: number, prefix: string, picks: readonly TermPick[]): void;
  generationWriter(endpoint: ListEndpoint, gen: number): GenerationWriter;
}

/** One statement of index seeks per field and score level, each capped (literals: see search-memory-store.ts on re-planning). */
function levelSeekSql(endpoint: ListEndpoint, gen: number, levels: readonly number[]): string {
  const { terms } = tablesOf(endpoint, gen);
  const rank = indexName(tablesOf(endpoint, gen), 'termsRank');
  return LISTS[endpoint].indexed
    .flatMap((field) =>
      levels.map(
        (level) =>
          `SELECT * FROM (SELECT field, score, norm, text FROM ${terms} INDEXED BY ${rank}
         WHERE field = '${field}' AND score = ${level} AND norm > @q AND norm < @hi ORDER BY norm LIMIT ${FIELD_CAP})`,
      ),
    )
    .join(' UNION ALL ');
}

function insertTop(ins: Statement, prefix: string, picks: readonly TermPick[]): void {
  const rankOf = new Map<string, number>();
  for (const r of picks) {
    const rank = rankOf.get(r.field) ?? 0;
    rankOf.set(r.field, rank + 1);
    ins.run(prefix, r.field, rank, r.score, r.norm, r.text);
  }
}

const topInsertSql = (top: string) => `INSERT INTO ${top}(prefix, field, rank, score, norm, text) VALUES (?,?,?,?,?,?)`;
const rowInsertSql = (rows: string) => `INSERT INTO ${rows}(entity_id, field, text, norm, score) VALUES (?,?,?,?,?)`;

/** The read path and the upkeep's reads, on the active generation's tables. */
function entityIndexReads(db: Db, scoreLevels: ScoreLevels): EntityIndexReads {
  /** The read path's statements of each endpoint's active generation. */
  const readers = new Map<ListEndpoint, { gen: number; pre: Statement; range: Statement; levels: Statement | undefined }>();
  const readerOf = (endpoint: ListEndpoint, gen: number) => {
    let r = readers.get(endpoint);
    if (!r || r.gen !== gen) {
      const t = tablesOf(endpoint, gen);
      r = {
        gen,
        pre: db.prepare(`SELECT field, score, norm, text FROM ${t.top} WHERE prefix = ?`),
        range: db.prepare(`SELECT field, score, norm, text FROM ${t.terms} INDEXED BY ${indexName(t, 'termsNorm')} WHERE norm > ? AND norm < ? LIMIT ${LARGE_PREFIX_TERMS + 1}`),
        levels: undefined,
      };
      readers.set(endpoint, r);
    }
    return r;
  };
  const levelSqls = new Map<string, string>();
  const levelSeek = (endpoint: ListEndpoint, gen: number) => {
    const key = `${endpoint}\u0000${gen}`;
    let sql = levelSqls.get(key);
    if (sql === undefined) levelSqls.set(key, (sql = levelSeekSql(endpoint, gen, scoreLevels(endpoint))));
    return prepareCached(db, sql);
  };

  return {
    generationsOnDisk: (endpoint) => {
      const prefix = `ix_${LISTS[endpoint].indexKey}_`;
      const gens = new Set<number>();
      for (const { name } of prepareCached(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?").all(prefix.length, prefix) as { name: string }[]) {
        const m = /^(\d+)_(rows|terms|top)$/.exec(name.slice(prefix.length));
        if (m) gens.add(Number(m[1]));
      }
      return [...gens].sort((a, b) => a - b);
    },
    hasRowsTable: (endpoint, gen) => tableExists(db, tablesOf(endpoint, gen).rows),
    termsUnder: (endpoint, gen, q, hi) => {
      const r = readerOf(endpoint, gen);
      let picks = r.pre.all(q) as TermPick[];
      if (!picks.length) {
        picks = r.range.all(q, hi) as TermPick[];
        if (picks.length > LARGE_PREFIX_TERMS) picks = (r.levels ??= db.prepare(levelSeekSql(endpoint, gen, scoreLevels(endpoint)))).all({ q, hi }) as TermPick[];
      }
      return picks;
    },
    bestTermsByLevel: (endpoint, gen, q, hi) => levelSeek(endpoint, gen).all({ q, hi }) as TermPick[],
    isPrecomputed: (endpoint, gen, prefix) => !!prepareCached(db, `SELECT 1 FROM ${tablesOf(endpoint, gen).top} WHERE prefix = ? LIMIT 1`).get(prefix),
    entityRows: (endpoint, gen, entityId) =>
      prepareCached(db, `SELECT field, norm, text, score FROM ${tablesOf(endpoint, gen).rows} WHERE entity_id = ?`).all(entityId) as Array<Omit<IndexRow, 'entityId'>>,
    termRefs: (endpoint, gen, field, norm) => {
      const row = prepareCached(db, `SELECT refs FROM ${tablesOf(endpoint, gen).terms} WHERE field = ? AND norm = ?`).get(field, norm) as { refs: string } | undefined;
      return row ? (JSON.parse(row.refs) as TermRefs) : undefined;
    },
  };
}

/** The entity index's writes: generations made and dropped, rows, terms and precomputed tops kept. */
function entityIndexWrites(db: Db): Omit<EntityIndexWrites, keyof EntityIndexReads> {
  return {
    createGeneration: (endpoint, gen) => {
      for (const sql of generationDdl(endpoint, gen)) db.exec(sql);
    },
    dropGeneration: (endpoint, gen) => {
      const t = tablesOf(endpoint, gen);
      for (const i of GENERATION_INDEXES) db.exec(`DROP INDEX IF EXISTS ${indexName(t, i)}`);
      for (const x of GENERATION_TABLES) db.exec(`DROP TABLE IF EXISTS ${t[x]}`);
    },
    dropIndex: (endpoint, gen, index) => {
      db.exec(`DROP INDEX IF EXISTS ${indexName(tablesOf(endpoint, gen), index)}`);
    },
    dropTable: (endpoint, gen, table) => {
      db.exec(`DROP TABLE IF EXISTS ${tablesOf(endpoint, gen)[table]}`);
    },
    deleteRowsStep: (endpoint, gen, step) => {
      const { rows } = tablesOf(endpoint, gen);
      // A rowid range: the rows table's index is dropped first, so this is the cheapest delete.
      return prepareCached(db, `DELETE FROM ${rows} WHERE rowid < (SELECT min(rowid) FROM ${rows}) + ?`).run(step).changes;
    },
    deleteEntityRows: (endpoint, gen, entityId) => {
      prepareCached(db, `DELETE FROM ${tablesOf(endpoint, gen).rows} WHERE entity_id = ?`).run(entityId);
    },
    insertRows: (endpoint, gen, rows) => {
      const ins = prepareCached(db, rowInsertSql(tablesOf(endpoint, gen).rows));
      for (const r of rows) ins.run(r.entityId, r.field, r.text, r.norm, r.score);
    },
    putTerm: (endpoint, gen, t) => {
      prepareCached(
        db,
        `INSERT INTO ${tablesOf(endpoint, gen).terms}(field, norm, text, score, refs) VALUES (?,?,?,?,?)
     ON CONFLICT(field, norm) DO UPDATE SET text = excluded.text, score = excluded.score, refs = excluded.refs`,
      ).run(t.field, t.norm, t.text, t.score, JSON.stringify(t.refs));
    },
    deleteTerm: (endpoint, gen, field, norm) => {
      prepareCached(db, `DELETE FROM ${tablesOf(endpoint, gen).terms} WHERE field = ? AND norm = ?`).run(field, norm);
    },
    replaceTop: (endpoint, gen, prefix, picks) => {
      const { top } = tablesOf(endpoint, gen);
      prepareCached(db, `DELETE FROM ${top} WHERE prefix = ?`).run(prefix);
      insertTop(prepareCached(db, topInsertSql(top)), prefix, picks);
    },
    generationWriter: (endpoint, gen) => {
      const t = tablesOf(endpoint, gen);
      const row = db.prepare(rowInsertSql(t.rows));
      const term = db.prepare(`INSERT INTO ${t.terms}(field, norm, text, score, refs) VALUES (?,?,?,?,?)`);
      const top = db.prepare(topInsertSql(t.top));
      return {
        row: (r) => void row.run(r.entityId, r.field, r.text, r.norm, r.score),
        term: (x) => void term.run(x.field, x.norm, x.text, x.score, JSON.stringify(x.refs)),
        top: (prefix, picks) => insertTop(top, prefix, picks),
      };
    },
  };
}

export function entityIndexStore(db: Db, scoreLevels: ScoreLevels): EntityIndexWrites {
  return { ...entityIndexReads(db, scoreLevels), ...entityIndexWrites(db) };
}
