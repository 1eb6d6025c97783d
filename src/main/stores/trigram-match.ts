// "This text occurs" as an FTS5 trigram expression, for the list search's trigram indexes (the
// plain one, record-list-index.ts, and the pinyin one, pinyin-index.ts). Both frame every value
// with two trailing separators, so every occurrence of a word of one or two characters starts some
// trigram: such a word is the OR of the trigrams that begin with it, read from the index's
// vocabulary (an fts5vocab table: `vocab`).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';
import { dataVersion, totalChanges } from '../db/connection';

/** A short word expands to at most this many trigrams; beyond, it is checked with instr. */
export const MAX_EXPANSION = 64;

export const phrase = (s: string): string => `"${s.replace(/"/g, '""')}"`;
const chars = (s: string) => [...s].length;

/**
 * Expansions read from the vocabulary, per connection, for as long as nothing was written: fts5vocab
 * counts the documents of every term it lists (~2.5 ms for the trigrams that begin a part with `a`
 * at 100 000 items), and paging or re-sorting one search asks for the same ones again. Any commit
 * by another connection changes `PRAGMA data_version`, any write of this one total_changes().
 */
const expansions = new WeakMap<Db, { version: string; terms: Map<string, string[] | null> }>();
const EXPANSIONS_KEPT = 256;

/** The trigrams of vocabulary `vocab` that start with `prefix` (one or two characters), or null when there are too many. */
function trigramsFrom(db: Db, vocab: string, prefix: string): string[] | null {
  const version = `${dataVersion(db)} ${totalChanges(db)}`;
  let kept = expansions.get(db);
  if (!kept || kept.version !== version || kept.terms.size >= EXPANSIONS_KEPT) expansions.set(db, (kept = { version, terms: new Map() }));
  const key = `${vocab} ${prefix}`;
  if (kept.terms.has(key)) return kept.terms.get(key)!;
  const terms = prepareCached(db, `SELECT term FROM ${vocab} WHERE term >= ? AND term < ? LIMIT ?`, 'pluck').all(prefix, `${prefix}\u{10FFFF}`, MAX_EXPANSION + 1) as string[];
  const found = terms.length > MAX_EXPANSION ? null : terms;
  kept.terms.set(key, found);
  return found;
}

/**
 * An FTS5 expression for "`text` occurs": a phrase of its trigrams when it has three characters
 * or more, else any trigram of `vocab` that starts with it. `false`: it occurs nowhere; null: too
 * common a short word to expand.
 */
export function occursExpr(db: Db, vocab: string, text: string): string | false | null {
  if (chars(text) >= 3) return phrase(text);
  const terms = trigramsFrom(db, vocab, text);
  if (terms === null) return null;
  return terms.length ? `(${terms.map(phrase).join(' OR ')})` : false;
}

/**
 * Every rowid of FTS5 table `fts` that `match` finds, newest first. Read in FTS5's own order
 * (ascending) and reversed here: for an OR of many trigrams (a short word's expansion) walking the
 * posting lists backwards measured a few per cent more CPU, and the reversal is one pass.
 */
export function matchNewestFirst(db: Db, fts: string, match: string): number[] {
  return (prepareCached(db, `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid ASC`, 'pluck').all(match) as number[]).reverse();
}
