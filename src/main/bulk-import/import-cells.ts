// Cell text of a bulk-import file as the form's values: dates in the forms spreadsheets hold them
// (2027-03-01, 2027/3/1, 2027.3.1, 2027年3月1日, 20270301, or an Excel date cell, which the
// streaming reader gives as its serial day number), GHS pictogram lists ("GHS02,GHS07", "2、7"),
// and a container size written with its unit ("500 g"). What is not recognised is left as it is,
// for the contract schema to refuse with its own message.
import Big from 'big.js';
import { canonicalUnit, convert, formatAmount, parseContainerSize, unitDimension } from '../../shared/amounts';
import { GHS_PICTOGRAMS, isCalendarDate } from '../../shared/stock';

const TWO = (n: number) => String(n).padStart(2, '0');

/** Excel's day 0 (its serial numbers count days from 1899-12-30, the 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** Serial numbers taken as dates: 1950-01-01 … 2199-12-31 (a bare number outside is not a date). */
const SERIAL_MIN = 18264;
const SERIAL_MAX = 109572;

/** The date a cell holds as YYYY-MM-DD, or null when it is not one. */
export function dateCell(text: string): string | null {
  const t = text.normalize('NFKC').trim();
  let m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) {
    const d = `${m[1]}-${TWO(Number(m[2]))}-${TWO(Number(m[3]))}`;
    return isCalendarDate(d) ? d : null;
  }
  m = /^(\d{5,6})(?:\.\d+)?$/.exec(t);
  if (m) {
    const serial = Number(m[1]);
    if (serial < SERIAL_MIN || serial > SERIAL_MAX) return null;
    const d = new Date(EXCEL_EPOCH + serial * 86_400_000);
    return `${d.getUTCFullYear()}-${TWO(d.getUTCMonth() + 1)}-${TWO(d.getUTCDate())}`;
  }
  return null;
}

/** What a date cell of an import says, read the way people write dates in a lab sheet. */
export type DateReading =
  | { kind: 'date'; date: string }
  /** "2025年3月": the month's first day (a received date) or last day (an expiry). */
  | { kind: 'month'; date: string }
  /** "长期", "无", "—": no date. */
  | { kind: 'none' }
  /** "3年", "36个月": a shelf life, counted from the received date. */
  | { kind: 'shelfLife'; months: number };

const NO_DATE = new Set(['长期', '长期有效', '无', '无期限', '永久', '不限', '—', '——', '-', '--', '–', '/', '\\', 'n/a', 'na', 'none', 'never']);

/** A date cell as written; `end`: a month alone means its last day (expiry). Null when unreadable. */
export function readDateCell(text: string, end: boolean): DateReading | null {
  const t = text.normalize('NFKC').trim();
  if (NO_DATE.has(t.toLowerCase())) return { kind: 'none' };
  const day = dateCell(t);
  if (day) return { kind: 'date', date: day };
  let m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?$/.exec(t);
  if (m) {
    const [y, mo] = [Number(m[1]), Number(m[2])];
    if (mo < 1 || mo > 12) return null;
    const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
    return { kind: 'month', date: `${y}-${TWO(mo)}-${TWO(end ? last : 1)}` };
  }
  m = /^(?:保质期|有效期)?\s*(\d+(?:\.\d+)?)\s*(年|个月|月|years?|yrs?|months?)$/i.exec(t);
  if (m) {
    const months = Number(m[1]) * (/^(年|y)/i.test(m[2]!) ? 12 : 1);
    return Number.isInteger(months) && months > 0 && months <= 1200 ? { kind: 'shelfLife', months } : null;
  }
  return null;
}

/** `date` (YYYY-MM-DD) plus whole months; a day past the month's end is its last day (01-31 + 1 → 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const dt = new Date(Date.UTC(y, m - 1 + months, Math.min(d, last)));
  return `${dt.getUTCFullYear()}-${TWO(dt.getUTCMonth() + 1)}-${TWO(dt.getUTCDate())}`;
}

/** GHS codes of a cell ("GHS02, GHS07", "ghs2；GHS7", "02 07"); null when a part is not a code. */
export function ghsCell(text: string): string[] | null {
  const parts = text.normalize('NFKC').split(/[\s,;、/|]+/).filter(Boolean);
  const codes: string[] = [];
  for (const p of parts) {
    const m = /^(?:ghs)?0?([1-9])$/i.exec(p);
    if (!m) return null;
    codes.push(GHS_PICTOGRAMS[Number(m[1]) - 1]!);
  }
  return codes;
}

/**
 * A container size cell as a number in the row's unit: "500" as it is, "500 g" when g is the row's
 * unit (or converts to it: "0.5 kg" in a g row), or the row's unit when the row has none.
 * Null when the size names a unit the row's unit does not convert to.
 */
export function sizeCell(text: string, rowUnit: string | undefined): { size: string; unit?: string } | null {
  const t = text.trim();
  const parsed = parseContainerSize(t);
  if (!parsed) return { size: t };
  if (!rowUnit) return { size: formatAmount(parsed.size), unit: parsed.unit };
  const inRow = convert(parsed.size, parsed.unit, canonicalUnit(rowUnit));
  return inRow ? { size: formatAmount(inRow) } : null;
}

/** An amount cell as written: "2瓶", "３", "1/2瓶", "约2", "0.5 kg", "500ml×2", "2 × 500 mL". */
export interface AmountReading {
  amount: Big;
  /** The unit or count word written with it ("瓶", "kg"), if any. */
  unit?: string;
  /** "约2", "~2": imported as 2, with a warning. */
  approx: boolean;
  /** "500ml×2": the size of one container (amount is the count). */
  each?: { size: Big; unit: string };
}

const APPROX = /^(?:约为|大约|约|~|≈|～)\s*/;
const NUMBER = String.raw`(\d+(?:\.\d+)?|\d+\s*/\s*[1-9]\d*)`;
const WORD = String.raw`([^\d\s×x*/.]+)`;
const SIZE_TIMES_COUNT = new RegExp(String.raw`^(\d+(?:\.\d+)?)\s*${WORD}\s*[×xX*]\s*(\d+)\s*${WORD}?$`);
const COUNT_TIMES_SIZE = new RegExp(String.raw`^(\d+)\s*${WORD}?\s*[×xX*]\s*(\d+(?:\.\d+)?)\s*${WORD}$`);
const AMOUNT = new RegExp(String.raw`^${NUMBER}\s*${WORD}?$`);

function number(text: string): Big | null {
  const t = text.replace(/\s+/g, '');
  const frac = /^(\d+)\/(\d+)$/.exec(t);
  try {
    return frac ? new Big(frac[1]!).div(frac[2]!) : new Big(t);
  } catch {
    return null;
  }
}

const isMeasure = (u: string) => unitDimension(u) !== 'count';

/** The amount a quantity cell holds; null when it is not one of the forms (the schema then refuses it). */
export function amountCell(text: string): AmountReading | null {
  let t = text.normalize('NFKC').trim();
  const approx = APPROX.test(t);
  t = t.replace(APPROX, '');
  let m = SIZE_TIMES_COUNT.exec(t);
  if (m && isMeasure(m[2]!)) return { amount: new Big(m[3]!), unit: m[4], approx, each: { size: new Big(m[1]!), unit: canonicalUnit(m[2]!) } };
  m = COUNT_TIMES_SIZE.exec(t);
  if (m && isMeasure(m[4]!)) return { amount: new Big(m[1]!), unit: m[2], approx, each: { size: new Big(m[3]!), unit: canonicalUnit(m[4]!) } };
  m = AMOUNT.exec(t);
  if (!m) return null;
  const amount = number(m[1]!);
  return amount ? { amount, unit: m[2] ? canonicalUnit(m[2]) : undefined, approx } : null;
}

/** One container's size at the start of a specification ("500ml", "4L", "500ml 30%"); a grade ("AR", "HPLC") is none. */
export function specSize(spec: string): { size: Big; unit: string } | null {
  const t = spec.normalize('NFKC').trim();
  const whole = parseContainerSize(t);
  if (whole) return whole;
  const m = /^(\d+(?:\.\d+)?\s*[a-zA-Zµμ]+)(?:\s+|\s*[,，;；/]\s*)(.+)$/.exec(t);
  if (!m || parseContainerSize(m[2]!)) return null;
  return parseContainerSize(m[1]!);
}

const NO_CAS = new Set(['无', '—', '——', '-', '--', '–', '/', '\\', 'n/a', 'na', 'none', '暂无', '无cas', '不详', '未知', '混合物']);

/** A CAS cell that says there is none ("无", "/", "—"): an empty CAS, not a malformed one. */
export function noCas(text: string): boolean {
  return NO_CAS.has(text.normalize('NFKC').trim().toLowerCase());
}

