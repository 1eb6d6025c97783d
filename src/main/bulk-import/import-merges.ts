// Merged cells of an import XLSX: labs merge a brand or a location over the rows it applies to, and
// only the top-left cell of a merge holds the text. exceljs' streaming reader ignores merges (they
// are listed after all the rows, in <mergeCells>), so they are read first in a pass of their own
// over the first worksheet's XML (bytes searched, nothing parsed until <mergeCells>), then each
// merged cell gets its merge's text as the rows stream by: filled down and across.
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';

export interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Inflated sheet bytes searched for merges at most: a sheet beyond this is the reader's to refuse. */
const MAX_SCAN_BYTES = 512 * 1024 * 1024;
/** Text of the <mergeCells> list kept at most (about 100 000 merges): a larger one is hostile, and ignored. */
const MAX_MERGES_TEXT = 4 * 1024 * 1024;
const OPEN = Buffer.from('<mergeCells');
const CLOSE = '</mergeCells>';

function colNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** "B3:B7" → its range; null when it is not a cell range. */
export function parseRange(ref: string): MergeRange | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+):\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return null;
  const [a, b] = [colNumber(m[1]!), colNumber(m[3]!)];
  const [r1, r2] = [Number(m[2]), Number(m[4])];
  return { top: Math.min(r1, r2), bottom: Math.max(r1, r2), left: Math.min(a, b), right: Math.max(a, b) };
}

function openZip(source: string | Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (e: Error | null, z?: yauzl.ZipFile) => (e || !z ? reject(e ?? new Error('no zip')) : resolve(z));
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true, autoClose: true }, done);
    else yauzl.fromBuffer(source, { lazyEntries: true }, done);
  });
}

/** The merges of the first worksheet (in zip order, as exceljs' streaming reader takes it); [] when none or unreadable. */
export async function readMerges(source: string | Buffer): Promise<MergeRange[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(source);
  } catch {
    return []; // not a zip: the reader says so in its own words
  }
  try {
    const stream = await new Promise<Readable | null>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        if (!/^xl\/worksheets\/[^/]+\.xml$/.test(e.fileName)) return zip.readEntry();
        zip.openReadStream(e, (err, s) => (err ? reject(err) : resolve(s)));
      });
      zip.once('end', () => resolve(null));
      zip.once('error', reject);
      zip.readEntry();
    });
    return stream ? await mergesOf(stream) : [];
  } catch {
    return [];
  } finally {
    zip.close();
  }
}

async function mergesOf(stream: Readable): Promise<MergeRange[]> {
  let seen = 0;
  let carry: Buffer = Buffer.alloc(0);
  let text: string | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (text === null) {
        const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        const at = buf.indexOf(OPEN);
        if (at < 0) {
          if (seen > MAX_SCAN_BYTES) return [];
          carry = buf.subarray(Math.max(0, buf.length - OPEN.length));
          continue;
        }
        text = buf.subarray(at).toString('utf8');
      } else text += chunk.toString('utf8');
      if (text.includes(CLOSE)) break;
      if (text.length > MAX_MERGES_TEXT) return [];
    }
  } finally {
    stream.destroy();
  }
  if (text === null) return [];
  const out: MergeRange[] = [];
  for (const m of text.matchAll(/<mergeCell\b[^>]*\bref="([^"]+)"/g)) {
    const r = parseRange(m[1]!);
    if (r) out.push(r);
  }
  return out;
}

/**
 * Fills the merged cells of rows given in ascending row order: a merge's top-left text goes to
 * every cell it spans (cells the file already fills are left as they are).
 */
export class MergeFiller {
  private readonly pending: MergeRange[];
  private active: Array<MergeRange & { text: string }> = [];

  constructor(merges: MergeRange[]) {
    this.pending = [...merges].sort((a, b) => b.top - a.top); // popped from the end, top first
  }

  fill(cells: string[], rowNo: number): string[] {
    while (this.pending.length && this.pending.at(-1)!.top <= rowNo) {
      const m = this.pending.pop()!;
      // A merge that started on a row the reader did not hand over (no cells at all) has no text.
      this.active.push({ ...m, text: m.top === rowNo ? (cells[m.left - 1] ?? '') : '' });
    }
    if (!this.active.length) return cells;
    this.active = this.active.filter((m) => m.bottom >= rowNo);
    for (const m of this.active) {
      if (!m.text.trim()) continue;
      for (let c = m.left; c <= m.right; c++) if (!(cells[c - 1] ?? '').trim()) cells[c - 1] = m.text;
    }
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    return cells;
  }
}
