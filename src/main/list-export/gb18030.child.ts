// GB18030 encoding of export text, byte for byte what iconv-lite writes, ~5× faster: a table of
// every BMP character's bytes, then a plain loop. The table is read off the runtime's own GB18030
// decoder (TextDecoder, ~15 ms), with iconv-lite's bytes for the few characters where the
// decoder's GB18030-2022 differs from iconv-lite's 2005 mapping; a runtime whose decoder leaves any
// character without bytes gets the table from iconv-lite itself (~80 ms: its codec's set-up and
// one call over every character). Surrogates (characters beyond the BMP, and lone halves) are rare
// in lab records and go through iconv-lite unchanged; it is loaded only then (its module takes
// ~25 ms to load, in an export child that lives for one file).
import { createRequire } from 'node:module';
import type Iconv from 'iconv-lite';

let iconvLite: typeof Iconv | undefined;
const iconv = () => (iconvLite ??= createRequire(__filename)('iconv-lite') as typeof Iconv);

/** BMP code unit → its GB18030 bytes as one big-endian number (1, 2 or 4 bytes: < 0x100, < 0x10000, above). */
let table: Uint32Array | null = null;

/**
 * iconv-lite's (GB18030-2005) bytes where a GB18030-2022 decoder reads other characters: the 18
 * two-byte codes 2022 moved from private-use characters to standard ones (and those characters'
 * four-byte codes), U+E5E5, and U+FFFD (which a decoder also answers for bytes it cannot read).
 */
const ICONV_2005: ReadonlyArray<readonly [number, number]> = [
  [0x9fb4, 0x82359037], [0x9fb5, 0x82359038], [0x9fb6, 0x82359039], [0x9fb7, 0x82359130], [0x9fb8, 0x82359131], [0x9fb9, 0x82359132],
  [0x9fba, 0x82359133], [0x9fbb, 0x82359134], [0xe5e5, 0x8339b136], [0xe78d, 0xa6d9], [0xe78e, 0xa6da], [0xe78f, 0xa6db], [0xe790, 0xa6dc],
  [0xe791, 0xa6dd], [0xe792, 0xa6de], [0xe793, 0xa6df], [0xe794, 0xa6ec], [0xe795, 0xa6ed], [0xe796, 0xa6f3], [0xe81e, 0xfe59],
  [0xe826, 0xfe61], [0xe82b, 0xfe66], [0xe82c, 0xfe67], [0xe832, 0xfe6d], [0xe843, 0xfe7e], [0xe854, 0xfe90], [0xe864, 0xfea0],
  [0xfe10, 0x84318236], [0xfe11, 0x84318237], [0xfe12, 0x84318238], [0xfe13, 0x84318239], [0xfe14, 0x84318330], [0xfe15, 0x84318331],
  [0xfe16, 0x84318332], [0xfe17, 0x84318333], [0xfe18, 0x84318334], [0xfe19, 0x84318335], [0xfffd, 0x8431a437],
];

const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/** The table from TextDecoder('gb18030'): every two-byte code and the BMP's four-byte codes, decoded in one call each. */
function decoderTable(): Uint32Array | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder('gb18030');
  } catch {
    return null;
  }
  const t = new Uint32Array(0x10000);
  for (let c = 0; c < 0x80; c++) t[c] = c;
  // Codes and their bytes made together into typed arrays (plain arrays of numbers above 2^31 were
  // ~10 ms of an export child's start), each list decoded in one call: the n-th character is the
  // n-th code's.
  const read = (codes: Uint32Array, bytes: Uint8Array) => {
    const text = decoder.decode(bytes);
    // One character per code (a code beyond the BMP would decode to a pair: none is read here).
    if (text.length !== codes.length) return false;
    for (let i = 0; i < codes.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0xfffd && !t[c]) t[c] = codes[i]!;
    }
    return true;
  };
  // Two-byte codes: lead 81–FE, trail 40–FE without 7F.
  const two = new Uint32Array(126 * 190);
  const twoBytes = new Uint8Array(two.length * 2);
  let n = 0;
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      two[n] = lead * 0x100 + trail;
      twoBytes[2 * n] = lead;
      twoBytes[2 * n++ + 1] = trail;
    }
  // Four-byte codes 81 30 81 30 … 84 31 A4 39 are the BMP's.
  const four = new Uint32Array(4 * 10 * 126 * 10);
  const fourBytes = new Uint8Array(four.length * 4);
  n = 0;
  for (let a = 0x81; a <= 0x84; a++)
    for (let b = 0x30; b <= 0x39; b++)
      for (let c = 0x81; c <= 0xfe; c++)
        for (let d = 0x30; d <= 0x39; d++) {
          const v = (((a << 24) | (b << 16) | (c << 8) | d) >>> 0);
          if (v > 0x8431a439) continue;
          four[n] = v;
          const o = 4 * n++;
          fourBytes[o] = a;
          fourBytes[o + 1] = b;
          fourBytes[o + 2] = c;
          fourBytes[o + 3] = d;
        }
  if (!read(two, twoBytes) || !read(four.subarray(0, n), fourBytes.subarray(0, 4 * n))) return null;
  for (const [c, v] of ICONV_2005) t[c] = v;
  for (let c = 1; c < 0x10000; c++) if (!t[c] && !isSurrogate(c)) return null;
  return t;
}

/**
 * Builds iconv-lite's table in slices of 4096 characters, one event-loop turn apart (the whole
 * table at once would hold the loop for ~50 ms): for a runtime without a full GB18030 decoder.
 */
async function iconvTable(): Promise<Uint32Array> {
  const t = new Uint32Array(0x10000);
  for (let start = 0; start < 0x10000; start += 0x1000) {
    let chars = '';
    for (let c = start; c < start + 0x1000; c++) chars += isSurrogate(c) ? 'A' : String.fromCharCode(c);
    const bytes = iconv().encode(chars, 'gb18030');
    // A GB18030 sequence is 1 byte (< 0x80), 4 bytes (second byte a digit 0x30–0x39) or 2 bytes.
    let i = 0;
    for (let c = start; c < start + 0x1000; c++) {
      const len = bytes[i]! < 0x80 ? 1 : bytes[i + 1]! >= 0x30 && bytes[i + 1]! <= 0x39 ? 4 : 2;
      let v = 0;
      for (let k = 0; k < len; k++) v = v * 256 + bytes[i + k]!;
      t[c] = v;
      i += len;
    }
    if (i !== bytes.length) throw new Error('gb18030 table: unexpected encoder output');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return t;
}

/** Builds the table (once per process). */
export async function gb18030Ready(): Promise<void> {
  if (table) return;
  const t = decoderTable() ?? (await iconvTable());
  table ??= t;
}

/** `text` in GB18030, as iconv.encode(text, 'gb18030') gives it; after gb18030Ready. */
export function encodeGb18030(text: string): Buffer {
  const t = table;
  if (!t) throw new Error('encodeGb18030 before gb18030Ready');
  const out = Buffer.allocUnsafe(text.length * 4);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out[o++] = c;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A run of surrogates goes to iconv-lite whole (pairs and lone halves as it treats them).
      const from = i;
      while (i + 1 < text.length && text.charCodeAt(i + 1) >= 0xd800 && text.charCodeAt(i + 1) <= 0xdfff) i++;
      o += iconv().encode(text.slice(from, i + 1), 'gb18030').copy(out, o);
    } else {
      const v = t[c]!;
      if (v > 0xffff) {
        out[o++] = v >>> 24;
        out[o++] = (v >>> 16) & 0xff;
      }
      if (v > 0xff) out[o++] = (v >>> 8) & 0xff;
      out[o++] = v & 0xff;
    }
  }
  return out.subarray(0, o);
}
