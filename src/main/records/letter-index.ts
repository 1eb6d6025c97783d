// One common letter or digit. A search word of one character that begins too many trigrams to expand
// (`a`, `e`, `1`: 90 % of the rows) cannot be narrowed by the trigram index, and the instr scan
// of 100 000 wide rows takes ~90 ms. Per record table a narrow table `<table>_letters` (id, mask,
// status) holds which of a–z and 0–9 occur in the row's `search_all` (one bit each), kept by SQL
// triggers in the writing transaction like the trigram index, so every write path (services,
// import worker, stock-in, a migrated restore) keeps it with no JavaScript. Counting and walking
// newest first read ~20 bytes a row instead of ~1 KB. A bit is exact for a one-character word:
// the normalized text contains the letter or it does not, so the results equal the scan's.
import type { Db } from '../db/open';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { writeTransaction } from '../db/transaction';

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
 * row's mask is the `search_letters` its writer computed with the search columns (search.ts
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
 * Checks each letter index at start (lab.db v10 made them; migrations run first): its table and
 * triggers are there and it holds one row per record with the right status; a missing or damaged
 * one is rebuilt from the rows in one transaction. Returns what was rebuilt and why.
 */
export function ensureLetterIndexes(db: Db): Array<{ table: string; problem: string }> {
  const rebuilt: Array<{ table: string; problem: string }> = [];
  for (const e of Object.keys(LISTS) as ListEndpoint[]) {
    const table = LISTS[e].table;
    const l = lettersTable(table);
    const names = new Set(db.prepare(`SELECT name FROM sqlite_schema WHERE name IN (?, ?, ?, ?)`).pluck().all(l, `${l}_insert`, `${l}_delete`, `${l}_update`) as string[]);
    let problem = names.size === 4 ? null : 'a trigger or the table is missing';
    if (!problem) {
      const stray = db.prepare(`SELECT (SELECT count(*) FROM ${table}) - (SELECT count(*) FROM ${l} l JOIN ${table} t ON t.id = l.id AND t.status = l.status)`).pluck().get() as number;
      if (stray !== 0) problem = `${l} does not hold one row per record`;
    }
    if (!problem) continue;
    writeTransaction(db, () => {
      db.exec(`DROP TRIGGER IF EXISTS ${l}_insert; DROP TRIGGER IF EXISTS ${l}_delete; DROP TRIGGER IF EXISTS ${l}_update; DROP TABLE IF EXISTS ${l};`);
      createLetterIndex(db, table);
    });
    rebuilt.push({ table: l, problem });
  }
  return rebuilt;
}

/**
 * What lab.db v10 runs (inside its migration transaction): the letter index of every list table.
 * ~1 s at 100 000 items.
 */
export function migrateLetterIndexes(db: Db): void {
  for (const e of Object.keys(LISTS) as ListEndpoint[]) {
    db.exec(`ALTER TABLE ${LISTS[e].table} ADD COLUMN search_letters INTEGER`);
    createLetterIndex(db, LISTS[e].table);
  }
}
