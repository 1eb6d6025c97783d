// GB18030 encoding of export text, byte for byte what iconv-lite writes, ~5× faster: a table of
// every BMP character's bytes, built once from iconv-lite itself (one call over all of them), then
// a plain loop. Surrogates (characters beyond the BMP, and lone halves) are rare in lab records and
// go through iconv-lite unchanged.
import iconv from 'iconv-lite';

/** BMP code unit → its GB18030 bytes as one big-endian number (1, 2 or 4 bytes: < 0x100, < 0x10000, above). */
let table: Uint32Array | null = null;

/**
 * Builds the table (once per process) in slices of 4096 characters, one event-loop turn apart:
 * the whole table at once would hold the loop for ~50 ms.
 */
export async function gb18030Ready(): Promise<void> {
  if (table) return;
  const t = new Uint32Array(0x10000);
  for (let start = 0; start < 0x10000; start += 0x1000) {
    let chars = '';
    for (let c = start; c < start + 0x1000; c++) chars += c >= 0xd800 && c <= 0xdfff ? 'A' : String.fromCharCode(c);
    const bytes = iconv.encode(chars, 'gb18030');
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
      o += iconv.encode(text.slice(from, i + 1), 'gb18030').copy(out, o);
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
