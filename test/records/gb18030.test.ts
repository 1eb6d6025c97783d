// The export's GB18030 encoder writes exactly what iconv-lite writes (the encoder the CSV export used
// and the import decodes with): every BMP character, characters beyond it, lone surrogate halves.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { encodeGb18030, gb18030Ready } from '../../src/main/list-export/gb18030.child';

beforeAll(() => gb18030Ready());

/** Every BMP character but the surrogate halves. */
function everyBmpCharacter(): string {
  let all = '';
  for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) all += String.fromCharCode(c);
  return all;
}

describe('GB18030 encoder', () => {
  it('matches iconv-lite on every BMP character and on text beyond the BMP', () => {
    const all = everyBmpCharacter();
    expect(encodeGb18030(all).equals(iconv.encode(all, 'gb18030'))).toBe(true);
    for (const s of ['', '乙醇 A301-1号柜', '😀𠮷 ok', 'lone \uD800 high', 'lone \uDC00 low', '\uDC00\uD800', '€ ¥ — “” …']) {
      expect(encodeGb18030(s).equals(iconv.encode(s, 'gb18030')), JSON.stringify(s)).toBe(true);
    }
  });

  it('matches iconv-lite on arbitrary strings and decodes back', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('a', ',', '"', '\r', '\n', '乙', '醇', '号'), fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)), fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))) }), (s) => {
        const ours = encodeGb18030(s);
        expect(ours.equals(iconv.encode(s, 'gb18030'))).toBe(true);
        if (!/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) expect(iconv.decode(ours, 'gb18030')).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('builds the same table from iconv-lite where the runtime has no GB18030 decoder', async () => {
    vi.resetModules();
    vi.stubGlobal('TextDecoder', class {
      constructor() {
        throw new RangeError('The "gb18030" encoding is not supported');
      }
    });
    try {
      const fresh = await import('../../src/main/list-export/gb18030.child');
      await fresh.gb18030Ready();
      const all = everyBmpCharacter();
      expect(fresh.encodeGb18030(all).equals(iconv.encode(all, 'gb18030'))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
