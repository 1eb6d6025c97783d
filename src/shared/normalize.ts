// normalize_search_term (spec 000; docs/design.md#completion): NFKC folds full-width forms to half-width,
// then every white-space and hyphen/dash character is removed, then the text is case-folded
// (full folding: ß and ss match).
// One function for typed text, list search and completion candidates, so they always agree.

// \p{White_Space} plus every dash (Pd) and the minus sign / hyphen variants that NFKC keeps.
const STRIP = /[\p{White_Space}\p{Pd}\u2212\u00AD\u2010\u2011\uFE63\uFF0D]/gu;

const NON_ASCII = /[^\u0020-\u007e]/;

export function normalizeSearchTerm(text: string): string {
  const lower = text.normalize('NFKC').replace(STRIP, '').toLowerCase();
  // Lower-case printable ASCII is already case-folded; only other text needs the full fold.
  return NON_ASCII.test(lower) ? caseFold(lower) : lower;
}

/**
 * Full Unicode case folding as JavaScript can express it: upper-casing applies the full mappings
 * (ß → SS, ᾳ → ΑΙ) that lower-casing lacks, lower-casing then gives the folded form; σ stands for
 * final ς too, so folding never depends on a word's end (a prefix's fold stays a prefix of the
 * whole). NFKC again keeps the result composed. One difference from CaseFolding.txt: dotless ı
 * folds to i, which a search box wants anyway.
 */
function caseFold(lower: string): string {
  return lower.toUpperCase().toLowerCase().replace(/ς/g, 'σ').normalize('NFKC');
}
