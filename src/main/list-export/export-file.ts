// What every downloaded table file shares, in the main process and the export child alike: the
// file's description for the transport (ExportFile), the list export's input and parts, a file
// name's time stamp, the XLSX MIME type, and the cell rules (local minute, the CSV field with its
// formula escape). The export child's own part, reading and writing a list view, is export.child.ts.
import type { LabelLanguage } from '../../shared/record-labels';
import type { ExportDownload, ListEndpoint } from '../../shared/records';
import type { XlsxValue } from './xlsx-stream';
import { onLabTimeZoneChange } from '../lab-time-zone';

/** The file an export wrote, for the transport to deliver (then it is the transport's to remove). */
export interface ExportFile extends ExportDownload {
  path: string;
}

export type ExportLanguage = LabelLanguage | 'machine';

export interface ExportInput {
  endpoint: ListEndpoint;
  format: 'csv' | 'xlsx';
  /** Headers and values for people (zh-CN, en) or today's columns and raw codes (machine). */
  lang: ExportLanguage;
  /** CSV only; XLSX carries its own encoding. */
  encoding: 'utf-8' | 'gb18030';
  search: string;
  field: string;
  status: string;
  sort: string;
}

/** One of the consecutive parts of a CSV export written by several processes (export-job.ts). */
export interface ExportPart {
  index: number;
  of: number;
}
/** A view smaller than this is written whole by part 0: another process's start (~50 ms of a core) would cost about what its half saves. */
export const PARTS_MIN_ROWS = 20_000;

/** 00 … 99: two-digit fields without a padStart per call (the export formats 300 000 times). */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** `2026-11-23 18:36` in the local time zone of the process (the lab's computer). */
export function localMinute(iso: string): string {
  // Our own UTC stamps (`2026-11-23T10:36:12.345Z`) of one minute share their local minute (zone
  // offsets are whole minutes since long before 2000), and rows written together (a bulk import,
  // an order's stock-in) share their minute: parsed once per minute, not once per cell.
  const cacheable = iso.length === 24 && iso >= '2000' && isSecondsSuffix(iso);
  const key = cacheable ? iso.slice(0, 16) : '';
  const hit = cacheable ? minutes.get(key) : undefined;
  if (hit !== undefined) return hit;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const text = `${d.getFullYear()}-${TWO[d.getMonth() + 1]}-${TWO[d.getDate()]} ${TWO[d.getHours()]}:${TWO[d.getMinutes()]}`;
  if (cacheable) {
    if (minutes.size >= 10_000) minutes.clear();
    minutes.set(key, text);
  }
  return text;
}
/** UTC minute (`2026-11-23T10:36`) → its local minute, for localMinute; emptied when the lab's zone changes. */
const minutes = new Map<string, string>();
onLabTimeZoneChange(() => minutes.clear());
const digit = (s: string, i: number) => s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
/** `:SS.sssZ` after the minute (seconds 00–59), so every stamp of one cached minute is a valid date too. */
const isSecondsSuffix = (iso: string) =>
  iso.charCodeAt(16) === 58 && iso.charCodeAt(17) >= 48 && iso.charCodeAt(17) <= 53 && digit(iso, 18) && iso.charCodeAt(19) === 46 && digit(iso, 20) && digit(iso, 21) && digit(iso, 22) && iso.charCodeAt(23) === 90;

/** `2026-11-23-1836`: the local minute of `now` as a part of a downloaded file's name. */
export function fileStamp(now: Date = new Date()): string {
  return localMinute(now.toISOString()).replace(/[ :]/g, (c) => (c === ' ' ? '-' : ''));
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Cells a spreadsheet would run as a formula (names can come from supplier sites through the cart
 * import) get a leading apostrophe in CSV. A minus before a digit stays as it is ("-20 °C freezer").
 * XLSX needs none: its text cells are text, never formulas.
 */
export const FORMULA_START = /^[=+@\t\r]|^-(?![\d.])/;

/**
 * One CSV field, byte for byte what papaparse's unparse writes with escapeFormulae: FORMULA_START
 * (a property test checks it). Quoted when it holds a quote, comma, line break or BOM, or starts or
 * ends with a space. Character checks by hand, not regular expressions: the export makes ~2.7
 * million fields, and most need no quotes.
 */
export function csvField(v: XlsxValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const n = v.length;
  if (n === 0) return v;
  const first = v.charCodeAt(0);
  // = + @ tab CR, or a minus not before a digit or a dot (charCodeAt past the end is NaN).
  if (first === 61 || first === 43 || first === 64 || first === 9 || first === 13 || (first === 45 && !isDigitOrDot(v.charCodeAt(1)))) return `"'${doubled(v)}"`;
  if (first === 32 || v.charCodeAt(n - 1) === 32) return `"${doubled(v)}"`;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 34 || c === 44 || c === 13 || c === 10 || c === 0xfeff) return `"${doubled(v)}"`;
  }
  return v;
}

const isDigitOrDot = (c: number) => (c >= 48 && c <= 57) || c === 46;
/** A quoted field's quotes, doubled. */
const doubled = (v: string) => v.replace(/"/g, '""');
