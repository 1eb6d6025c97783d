// Maps what was typed onto a candidate whose spelling differs (spaces, hyphens, width, case):
// `64-1` + `64-17-5` → ghost `7-5`; `６４１` + `64-17-5` → `7-5`; `eth` + `Ethanol` → `anol`.
import { normalizeSearchTerm } from '../../shared/normalize';

/**
 * The ghost-text suffix of `candidate` after `typed`, or '' when the candidate does not extend the
 * typed text (no non-empty suffix can result). The cut is the shortest candidate prefix whose
 * normalization equals the typed text's; when the typed text ends in characters that normalize to
 * nothing (a dash), the candidate's own such characters at the cut are skipped too.
 */
export function completionSuffix(typed: string, candidate: string): string {
  const q = normalizeSearchTerm(typed);
  if (!q) return '';
  const c = normalizeSearchTerm(candidate);
  if (c.length <= q.length || !c.startsWith(q)) return '';
  const chars = Array.from(candidate);
  let acc = '';
  let pos = 0;
  let i = 0;
  for (; i < chars.length; i++) {
    acc += chars[i];
    pos += chars[i]!.length;
    const n = normalizeSearchTerm(acc).length;
    if (n === q.length) break;
    if (n > q.length) return '';
  }
  if (i === chars.length) return '';
  const lastTyped = Array.from(typed).at(-1) ?? '';
  if (normalizeSearchTerm(lastTyped) === '') {
    while (i + 1 < chars.length && normalizeSearchTerm(chars[i + 1]!) === '') {
      i++;
      pos += chars[i]!.length;
    }
  }
  return candidate.slice(pos);
}
