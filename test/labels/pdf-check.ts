// Looks at a label PDF the way a person and a scanner would: poppler renders it (pdftoppm, 300 dpi),
// jsQR decodes QR codes from the pixels, pdffonts / pdftotext say which fonts are embedded and what
// text is there. Shared by the unit tests and the e2e spec.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const DPI = 300;
export const pxPerMm = DPI / 25.4;

/** Renders every page to PNG; answers the decoded pages in order. */
export function renderPages(pdf: string, outDir: string): PNG[] {
  const prefix = path.join(outDir, `page-${path.basename(pdf, '.pdf')}`);
  execFileSync('pdftoppm', ['-png', '-r', String(DPI), pdf, prefix]);
  return fs
    .readdirSync(outDir)
    .filter((f) => f.startsWith(path.basename(prefix)) && f.endsWith('.png'))
    .sort()
    .map((f) => PNG.sync.read(fs.readFileSync(path.join(outDir, f))));
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A region of a page (pixels), as a new image. */
export function crop(png: PNG, b: Box): PNG {
  const x0 = Math.max(0, Math.round(b.x));
  const y0 = Math.max(0, Math.round(b.y));
  const w = Math.min(png.width - x0, Math.round(b.w));
  const h = Math.min(png.height - y0, Math.round(b.h));
  const out = new PNG({ width: w, height: h });
  PNG.bitblt(png, out, x0, y0, w, h, 0, 0);
  return out;
}

/** The text of the QR code in the image (or region), or null. */
export function decodeQr(png: PNG, b?: Box): string | null {
  const img = b ? crop(png, b) : png;
  return jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height)?.data ?? null;
}

/** Share of non-white pixels in a region (0…1). */
export function ink(png: PNG, b: Box): number {
  const img = crop(png, b);
  let dark = 0;
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i]! + img.data[i + 1]! + img.data[i + 2]! < 600) dark++;
  return dark / (img.width * img.height);
}

export const pdfFonts = (pdf: string) => execFileSync('pdffonts', [pdf], { encoding: 'utf8' });
export const pdfText = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
export const pdfPages = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
/** Page size in mm (first page). */
export function pdfPageMm(pdf: string): { w: number; h: number } {
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))!;
  return { w: (Number(m[1]) * 25.4) / 72, h: (Number(m[2]) * 25.4) / 72 };
}
