// The entity index lives in tables of its own per endpoint and generation:
//   ix_<endpoint>_<gen>_rows   one row per indexed field value of an entity
//   ix_<endpoint>_<gen>_terms  the values de-duplicated per field and normalized text, best score
//   ix_<endpoint>_<gen>_top    best terms of every prefix with more than LARGE_PREFIX_TERMS terms
// endpoint_meta.active_gen names the generation readers use. A rebuild fills a new generation's
// tables, swaps active_gen in one tiny transaction, then drops the old tables whole. A new
// generation's tables share no page with the live ones that readers walk, and the old ones are
// dropped without index upkeep (docs/completion.md "Tuning constants": why not one shared table).
import type { Db } from '../db/open';
import { LISTS, type ListEndpoint } from '../../shared/records';

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

/** DDL of one generation: tables and their indexes, one statement each (schema check lists them). */
export function generationDdl(endpoint: ListEndpoint, gen: number): string[] {
  const t = tablesOf(endpoint, gen);
  return [
    `CREATE TABLE ${t.rows} (entity_id INTEGER NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL, score REAL NOT NULL)`,
    `CREATE INDEX ${t.rows}_entity ON ${t.rows}(entity_id)`,
    // score: per mille; refs: rows behind the term per score and spelling, JSON {"1000":{"Ethanol":3}}
    `CREATE TABLE ${t.terms} (field TEXT NOT NULL, norm TEXT NOT NULL, text TEXT NOT NULL, score INTEGER NOT NULL, refs TEXT NOT NULL, PRIMARY KEY (field, norm)) WITHOUT ROWID`,
    `CREATE INDEX ${t.terms}_rank ON ${t.terms}(field, score, norm, text)`,
    `CREATE INDEX ${t.terms}_norm ON ${t.terms}(norm, field, score, text)`,
    `CREATE TABLE ${t.top} (prefix TEXT NOT NULL, field TEXT NOT NULL, rank INTEGER NOT NULL, score INTEGER NOT NULL, norm TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (prefix, field, rank)) WITHOUT ROWID`,
  ];
}

/** Names of the tables and indexes one generation must have. */
export function generationObjects(endpoint: ListEndpoint, gen: number): string[] {
  const t = tablesOf(endpoint, gen);
  return [t.rows, `${t.rows}_entity`, t.terms, `${t.terms}_rank`, `${t.terms}_norm`, t.top];
}

export function createGeneration(db: Db, endpoint: ListEndpoint, gen: number): void {
  for (const sql of generationDdl(endpoint, gen)) db.exec(sql);
}

/** Generations that have tables in the file (a killed rebuild can leave one behind). */
export function generationsOnDisk(db: Db, endpoint: ListEndpoint): number[] {
  const prefix = `ix_${LISTS[endpoint].indexKey}_`;
  const gens = new Set<number>();
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?").all(prefix.length, prefix) as { name: string }[]) {
    const m = /^(\d+)_(rows|terms|top)$/.exec(name.slice(prefix.length));
    if (m) gens.add(Number(m[1]));
  }
  return [...gens].sort((a, b) => a - b);
}

/**
 * Drop statements of one generation: its indexes, then its tables. Each is one short write
 * transaction for the caller (the rebuild empties the rows table in steps before dropping it).
 */
export function dropGenerationSql(endpoint: ListEndpoint, gen: number): [indexes: string[], tables: string[]] {
  const t = tablesOf(endpoint, gen);
  return [[`${t.rows}_entity`, `${t.terms}_rank`, `${t.terms}_norm`].map((i) => `DROP INDEX IF EXISTS ${i}`), [t.rows, t.terms, t.top].map((x) => `DROP TABLE IF EXISTS ${x}`)];
}
