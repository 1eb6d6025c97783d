// Draws labels into a PDF with pdfkit: everything vector (QR modules as filled squares, GHS
// pictograms as paths, text in the embedded CJK subset font). Text that does not fit is shrunk to a
// minimum size, then cut with an ellipsis; lines that still do not fit are dropped from the least
// important end (labelLines order), so nothing ever runs off the label.
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { GHS_BORDER, GHS_SHAPES, type GhsShape } from '../../shared/ghs-shapes';
import { GHS_PICTOGRAMS } from '../../shared/stock';
import { LABEL_GEOMETRY, LABEL_LINE_PT, labelLines, type LabelContent, type LabelLine, type LabelSize } from '../../shared/labels';
import type { LabelLanguage } from '../../shared/record-labels';
import { labelFontBytes, systemFallbackFont } from './label-font';
import { qrDrawing } from '../../shared/qr-modules';

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;
const MIN_TEXT_PT = 4.5;
const LINE_GAP = 1.18;

type Doc = PDFKit.PDFDocument;
type FontName = 'label' | 'fallback';

/** Whether the font set on `doc` has a glyph for every character of `text` (fontkit, via pdfkit). */
function covers(doc: Doc, text: string): boolean {
  const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: (cp: number) => boolean } } })._font?.font;
  if (!font?.hasGlyphForCodePoint) return true;
  for (const ch of text) if (!/\s/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

class Writer {
  private readonly hasFallback: boolean;
  constructor(readonly doc: Doc) {
    doc.registerFont('label', labelFontBytes());
    const fb = systemFallbackFont();
    this.hasFallback = !!fb;
    if (fb) doc.registerFont('fallback', fb.file, fb.family);
  }

  /** The subset, unless it lacks a character of `text` and a system CJK font has them. */
  fontFor(text: string): FontName {
    this.doc.font('label');
    if (!this.hasFallback || covers(this.doc, text)) return 'label';
    return 'fallback';
  }

  width(text: string, font: FontName, size: number): number {
    return this.doc.font(font).fontSize(size).widthOfString(text);
  }

  /** `text` at `size` pt shrunk (down to MIN_TEXT_PT) and then ellipsized to fit `maxWidth` pt. */
  fit(text: string, size: number, maxWidth: number): { text: string; size: number; font: FontName } {
    const font = this.fontFor(text);
    const w = this.width(text, font, size);
    if (w <= maxWidth) return { text, size, font };
    const shrunk = Math.max(MIN_TEXT_PT, Math.min(size, (size * maxWidth) / w) - 0.01);
    if (this.width(text, font, shrunk) <= maxWidth) return { text, size: shrunk, font };
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('').trimEnd()}…`, font, shrunk) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return { text: `${chars.slice(0, lo).join('').trimEnd()}…`, size: shrunk, font };
  }
}

function drawQr(doc: Doc, payload: string, x: number, y: number, side: number): void {
  const qr = qrDrawing(payload);
  const m = side / qr.side;
  doc.save().rect(x, y, side, side).fill('#ffffff');
  for (const run of qr.runs) doc.rect(x + run.x * m, y + run.y * m, run.width * m, m);
  doc.fill('#000000').restore();
}

function drawShape(doc: Doc, s: GhsShape): void {
  doc.save();
  if (s.rotate) doc.rotate(s.rotate[0], { origin: [s.rotate[1], s.rotate[2]] });
  doc.path(s.d);
  if (s.width) doc.lineWidth(s.width);
  doc.lineCap(s.round ? 'round' : 'butt').lineJoin('miter');
  if (s.fill && s.stroke) doc.fillAndStroke(s.fill, s.stroke);
  else if (s.fill) doc.fill(s.fill);
  else if (s.stroke) doc.stroke(s.stroke);
  doc.restore();
}

function drawGhs(doc: Doc, code: keyof typeof GHS_SHAPES, x: number, y: number, side: number): void {
  doc.save().translate(x, y).scale(side / 100);
  for (const s of [GHS_BORDER, ...GHS_SHAPES[code]]) drawShape(doc, s);
  doc.restore();
}

const BASE_PT = LABEL_LINE_PT;
const COLOR: Partial<Record<LabelLine['kind'], string>> = { controlled: '#c00000' };

/** One label with its top-left corner at (x, y) pt, `w` × `h` mm. */
function drawLabel(wr: Writer, c: LabelContent, lang: LabelLanguage, x: number, y: number, w: number, h: number): void {
  const doc = wr.doc;
  const pad = mm(h <= 30 ? 1.5 : 2);
  const W = mm(w);
  const H = mm(h);
  const qrSide = Math.min(H - 2 * pad, W * 0.4);
  drawQr(doc, c.payload, x + pad * 0.5, y + (H - qrSide) / 2, qrSide);
  const tx = x + pad * 0.5 + qrSide + mm(1);
  const tw = x + W - pad - tx;

  const ghs = GHS_PICTOGRAMS.filter((g) => c.ghs.includes(g));
  const ghsSide = ghs.length ? Math.min(mm(h * 0.2), tw / ghs.length) : 0;
  const textH = H - 2 * pad - (ghs.length ? ghsSide + mm(0.5) : 0);

  // Shrink all sizes together until the lines fit the height, then drop the least important ones.
  let lines = labelLines(c, lang);
  const scaleH = h / 40;
  let f = 1;
  const height = (ls: LabelLine[], k: number) => ls.reduce((s, l) => s + BASE_PT[l.kind] * scaleH * k * LINE_GAP, 0);
  while (f > 0.75 && height(lines, f) > textH) f -= 0.05;
  while (lines.length > 1 && height(lines, f) > textH) lines = lines.slice(0, -1);

  let ty = y + pad;
  for (const line of lines) {
    const base = BASE_PT[line.kind] * scaleH * f;
    const fit = wr.fit(line.text, base, tw);
    doc.font(fit.font).fontSize(fit.size).fillColor(COLOR[line.kind] ?? '#000000');
    doc.text(fit.text, tx, ty + (base - fit.size) / 2, { lineBreak: false });
    ty += base * LINE_GAP;
  }
  doc.fillColor('#000000');
  ghs.forEach((g, i) => drawGhs(doc, g, tx + i * ghsSide, y + H - pad - ghsSide, ghsSide));
}

/** Writes the labels of `items` (in order) as a PDF file at `file`. */
export async function writeLabelsPdf(file: string, items: LabelContent[], size: LabelSize, lang: LabelLanguage): Promise<void> {
  const g = LABEL_GEOMETRY[size];
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: items.length === 1 ? `Label ${items[0]!.payload}` : `Labels (${items.length})`, Creator: 'Lab Desktop' } });
  const done = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
    doc.pipe(out);
  });
  const wr = new Writer(doc);
  const perPage = g.columns * g.rows;
  items.forEach((c, i) => {
    const cell = i % perPage;
    if (cell === 0) doc.addPage({ size: [mm(g.pageWidth), mm(g.pageHeight)], margin: 0 });
    const col = cell % g.columns;
    const row = Math.floor(cell / g.columns);
    drawLabel(wr, c, lang, mm(g.left + col * g.width), mm(g.top + row * g.height), g.width, g.height);
  });
  doc.end();
  await done;
}
