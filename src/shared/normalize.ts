// normalize_search_term (spec 000, DESIGN §7): NFKC folds full-width forms to half-width,
// then every white-space and hyphen/dash character is removed, then the text is case-folded.
// One function for typed text, list search and completion candidates, so they always agree.

// \p{White_Space} plus every dash (Pd) and the minus sign / hyphen variants that NFKC keeps.
const STRIP = /[\p{White_Space}\p{Pd}\u2212\u00AD\u2010\u2011\uFE63\uFF0D]/gu;

export function normalizeSearchTerm(text: string): string {
  return text.normalize('NFKC').replace(STRIP, '').toLowerCase();
}
