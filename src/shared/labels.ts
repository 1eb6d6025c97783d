// Container labels: the sizes a label can be printed in and what one label says. One model for the
// PDF (src/main/labels) and the print page (src/renderer/labels), so both print the same label.
import { z } from 'zod';
import type { GhsPictogram } from './stock';
import type { LabelLanguage } from './record-labels';

export const LABEL_SIZES = ['50x30', '70x40', 'a4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/**
 * Geometry in mm. 50 × 30 and 70 × 40 are one label per page (label printers feed a roll of them);
 * `a4` is a sheet of 3 × 8 labels of 70 × 37 mm with no gaps — the common "24 per sheet" A4 label
 * stock (e.g. Avery 3474 / Herma 4453): 3 × 70 = 210 mm wide, 8 × 37 = 296 mm high, 0.5 mm spare
 * top and bottom.
 */
export interface LabelGeometry {
  /** One label. */
  width: number;
  height: number;
  /** The page: the label itself, or the sheet. */
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** Offset of the first label on the page. */
  left: number;
  top: number;
}

export const LABEL_GEOMETRY: Record<LabelSize, LabelGeometry> = {
  '50x30': { width: 50, height: 30, pageWidth: 50, pageHeight: 30, columns: 1, rows: 1, left: 0, top: 0 },
  '70x40': { width: 70, height: 40, pageWidth: 70, pageHeight: 40, columns: 1, rows: 1, left: 0, top: 0 },
  a4: { width: 70, height: 37, pageWidth: 210, pageHeight: 297, columns: 3, rows: 8, left: 0, top: 0.5 },
};

/** Most labels one request prints (10 A4 sheets): a bigger selection is refused with a clear error. */
export const MAX_LABELS = 240;

/** Everything one label shows, in the label's language (names of controlled categories included). */
export interface LabelContent {
  id: number;
  /** The QR code's text: labelPayload(id). */
  payload: string;
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  lot_number: string;
  /** YYYY-MM-DD or ''. */
  expiry_date: string;
  /** The location path ("Building A › Room 101 › Cabinet 2"), or the free-text location. */
  location: string;
  ghs: GhsPictogram[];
  /** Names of the controlled categories listing the item's CAS, in the label's language. */
  controlled: string[];
}

/** Short captions: a label has little room. */
const LABEL_CAPTIONS: Record<LabelLanguage, { lot: string; expiry: string; location: string; controlled: string }> = {
  en: { lot: 'Lot', expiry: 'Exp.', location: 'Loc.', controlled: 'Controlled' },
  'zh-CN': { lot: '批号', expiry: '有效期', location: '位置', controlled: '管制' },
};

/** The text lines of a label, most important first (a small label drops lines from the end). */
export interface LabelLine {
  kind: 'name' | 'english' | 'cas' | 'lot' | 'location' | 'controlled';
  text: string;
}

/** Font size in pt of each line on a 40 mm high label (scaled with the label's height). */
export const LABEL_LINE_PT: Record<LabelLine['kind'], number> = { name: 11, controlled: 7.5, english: 7.5, cas: 7, lot: 7, location: 7 };

/** Where a label's parts go, in mm: the padding, the QR code's side (left, centred), the side of
 *  each of `ghsCount` GHS pictograms (bottom of the text column) and the text's scale against a
 *  40 mm high label. The print page and the PDF lay a label out the same way. */
export function labelLayout(w: number, h: number, ghsCount: number): { pad: number; qr: number; ghs: number; scale: number } {
  const pad = h <= 30 ? 1.5 : 2;
  const qr = Math.min(h - 2 * pad, w * 0.4);
  const ghs = ghsCount ? Math.min(h * 0.2, (w - qr - 1 - 1.5 * pad) / ghsCount) : 0;
  return { pad, qr, ghs, scale: h / 40 };
}

export function labelLines(c: LabelContent, lang: LabelLanguage): LabelLine[] {
  const cap = LABEL_CAPTIONS[lang];
  const lines: LabelLine[] = [{ kind: 'name', text: c.name }];
  if (c.controlled.length) lines.push({ kind: 'controlled', text: `${cap.controlled}: ${c.controlled.join(lang === 'en' ? ', ' : '、')}` });
  if (c.english_name && c.english_name !== c.name) lines.push({ kind: 'english', text: c.english_name });
  const casSpec = [c.cas_number && `CAS ${c.cas_number}`, c.specification].filter(Boolean).join('  ');
  if (casSpec) lines.push({ kind: 'cas', text: casSpec });
  const lotExp = [c.lot_number && `${cap.lot} ${c.lot_number}`, c.expiry_date && `${cap.expiry} ${c.expiry_date}`].filter(Boolean).join('  ');
  if (lotExp) lines.push({ kind: 'lot', text: lotExp });
  if (c.location) lines.push({ kind: 'location', text: `${cap.location} ${c.location}` });
  return lines;
}

/** The desktop shell's print request (bridge `print`): the page size of the labels on screen. */
export const printRequest = z.object({ size: z.enum(LABEL_SIZES) }).strict();
export type PrintRequest = z.output<typeof printRequest>;
export type PrintResult = { ok: true } | { ok: false; reason: string };
