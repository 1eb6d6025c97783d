// The QR drawing both the label PDF and the print page draw (shared/qr-modules.ts): its dark runs,
// painted as pixels, decode to the payload, and the quiet zone around the code stays white.
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { QR_QUIET, qrDrawing } from '../../src/shared/qr-modules';

const SCALE = 4;

function paint(payload: string): { data: Uint8ClampedArray; px: number } {
  const { side, runs } = qrDrawing(payload);
  const px = side * SCALE;
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  for (const r of runs) {
    for (let y = r.y * SCALE; y < (r.y + 1) * SCALE; y++) {
      for (let x = r.x * SCALE; x < (r.x + r.width) * SCALE; x++) data.fill(0, (y * px + x) * 4, (y * px + x) * 4 + 3);
    }
  }
  return { data, px };
}

describe('qrDrawing', () => {
  for (const payload of ['LAB1:1', 'LAB1:123456789', 'https://example.test/乙醇?q=64-17-5']) {
    it(`draws a code that decodes to ${payload}`, () => {
      const { data, px } = paint(payload);
      expect(jsQR(data, px, px)?.data).toBe(payload);
    });
  }

  it('keeps the quiet zone free and every run inside the square', () => {
    const { side, runs } = qrDrawing('LAB1:42');
    expect(runs.length).toBeGreaterThan(0);
    for (const r of runs) {
      expect(r.width).toBeGreaterThan(0);
      expect(r.x).toBeGreaterThanOrEqual(QR_QUIET);
      expect(r.y).toBeGreaterThanOrEqual(QR_QUIET);
      expect(r.x + r.width).toBeLessThanOrEqual(side - QR_QUIET);
      expect(r.y + 1).toBeLessThanOrEqual(side - QR_QUIET);
    }
  });
});
