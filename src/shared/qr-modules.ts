// The QR code of a label as dark rectangles, in module units with the quiet zone included: the PDF
// (main/labels/label-pdf.ts) and the print page's SVG (renderer/labels/LabelView.tsx) both draw
// these, so the two cannot drift. Each rectangle is a row's run of dark modules: one shape per run
// leaves no hairline seams between neighbouring modules.
import QRCode from 'qrcode';

/** Quiet zone around the code, in modules (ISO 18004 asks for 4; label scanners read 3 well). */
export const QR_QUIET = 3;

export interface QrRun {
  x: number;
  y: number;
  width: number;
}

export interface QrDrawing {
  /** Side of the whole square, quiet zone included, in modules. */
  side: number;
  /** Dark runs, each one module high. */
  runs: QrRun[];
}

export function qrDrawing(payload: string): QrDrawing {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const runs: QrRun[] = [];
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      runs.push({ x: start + QR_QUIET, y: r + QR_QUIET, width: c - start });
    }
  }
  return { side: n + 2 * QR_QUIET, runs };
}
