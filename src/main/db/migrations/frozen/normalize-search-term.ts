// normalize_search_term with full case folding, as lab.db v3 and completion.db v6 stored it.
// Frozen (src/main/db/README.md): a later change of the app's normalization (src/shared/normalize.ts)
// comes with a migration of its own and a new helper here; this one stays as it is.

const STRIP = /[\p{White_Space}\p{Pd}\u2212\u00AD\u2010\u2011\uFE63\uFF0D]/gu;
const NON_ASCII = /[^\u0020-\u007e]/;

export function normalizeSearchTermV1(text: string): string {
  const lower = text.normalize('NFKC').replace(STRIP, '').toLowerCase();
  // upper then lower case applies the full mappings (ß → ss); σ for final ς; NFKC again
  return NON_ASCII.test(lower) ? lower.toUpperCase().toLowerCase().replace(/ς/g, 'σ').normalize('NFKC') : lower;
}
