// The layout of a lab's own spreadsheet around its data: which row is the header (a title row
// often sits above it), and which rows below it are not items — a section heading ("二、无机盐类"),
// a 合计 row, a footnote ("注：…"), the header repeated on a printed page, a row with nothing in the
// mapped columns. Such rows are skipped with their reason, never reported as errors.
import type { ImportSkipReason } from '../../shared/records';
import { headerColumn, type ImportMapping } from './import-rows';

/** The header is looked for among this many first non-empty rows. */
export const HEADER_SCAN_ROWS = 10;

/** How many cells of a row name a known column (each column counted once). */
export function headerScore(cells: string[]): number {
  const cols = new Set(cells.map(headerColumn).filter((c) => c !== undefined));
  return cols.size;
}

/** Index (into `rows`) of the row that best matches known headers; the first row when none does. */
export function findHeaderRow(rows: string[][]): number {
  let best = 0;
  let bestScore = 0;
  rows.forEach((cells, i) => {
    const s = headerScore(cells);
    if (s > bestScore) [best, bestScore] = [i, s];
  });
  return best;
}

const squash = (t: string) => t.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
const TOTAL_WORDS = new Set(['合计', '总计', '小计', '共计', '总数', 'total', 'sum', 'subtotal', 'grandtotal']);
const FOOTNOTE = /^(?:注|备注|说明|注释|notes?)\s*[0-9一二三四五六七八九]?\s*[:：、.]/i;
/** Heading numbering: "二、", "3.", "(一)", "第二类", "IV." */
const SECTION_NUMBER = /^\s*(?:[一二三四五六七八九十百]+\s*[、.)）]|\d{1,2}\s*[、.．)）](?!\d)|[（(]\s*[一二三四五六七八九十\d]{1,3}\s*[)）]|第\s*[一二三四五六七八九十\d]+\s*[类部章节]|[ivx]{1,4}\s*[.、)])\s*/i;

/** A section heading's text without its numbering, as a category ("二、无机盐类" → "无机盐类"). */
export function sectionName(text: string): string {
  return text.trim().replace(SECTION_NUMBER, '').trim() || text.trim();
}

/**
 * Why a row below the header is not an item, or null when it is one. `mapping` is the columns the
 * user imports (a row with nothing in any of them is `noData`; a row repeating the header is
 * `header`).
 */
export function nonDataReason(cells: string[], headers: string[], mapping: ImportMapping): ImportSkipReason | null {
  const texts = cells.map((c) => c.trim()).filter(Boolean);
  if (texts.length === 0) return 'blank';
  if (FOOTNOTE.test(texts[0]!)) return 'footnote';
  // Per row of 100 000: plain comparisons first, normalizing only short texts.
  if (texts.slice(0, 3).some((t) => t.length <= 16 && TOTAL_WORDS.has(squash(t).replace(/[:：]$/, '')))) return 'total';
  let same = 0;
  for (let i = 0; i < headers.length; i++) if (headers[i] && (cells[i] ?? '').trim() === headers[i]) same++;
  if (same >= 2 && same * 2 >= headers.filter(Boolean).length) return 'header';
  if (texts.every((t) => t === texts[0])) {
    // One text in the row (or a merged cell across it): a heading when it is numbered like one, or
    // when the amount column is empty and it names a class ("有机溶剂类").
    const t = texts[0]!;
    const qty = mapping.quantity !== undefined ? (cells[mapping.quantity] ?? '').trim() : '';
    if (SECTION_NUMBER.test(t) && !/^\d+$/.test(t)) return 'section';
    if ((qty === '' || qty === t) && /(?:类|类别|部分)$/.test(t)) return 'section';
  }
  const used = Object.values(mapping);
  if (used.length && used.every((i) => (cells[i!] ?? '').trim() === '')) return 'noData';
  return null;
}
