// Caps on what an uploaded XLSX may make the import worker read, checked on the inflated bytes as
// they stream out of the zip, before the XML parser sees them. A zip of a few hundred kilobytes
// can inflate to gigabytes; without these the worker would run until V8 aborts it at its heap cap
// (which stays, as the last line of defence). Sizes measured, and why each cap is where it is:
// README.md ("XLSX caps").
import { Transform, type TransformCallback } from 'node:stream';
import { fileError } from './import-errors';

const MB = 1024 * 1024;
/** All parts read (workbook, relationships, shared strings, the worksheet), inflated. */
export const MAX_XLSX_INFLATED_BYTES = 512 * MB;
/** The shared-string table: exceljs keeps it in memory whole, ~2.5× its XML for short strings. */
export const MAX_SHARED_STRINGS_BYTES = 32 * MB;
/** Text or a tag without a `<`: a cell holds at most 32 767 characters (≤ ~200 KB as escaped UTF-8). */
export const MAX_XML_RUN_BYTES = 1 * MB;
/** Cell elements (`<c …>`, empty ones too) in the worksheet. */
export const MAX_XLSX_CELLS = 5_000_000;
/** Cell elements in one row: Excel's last column is XFD, the 16 384th. */
export const MAX_ROW_CELLS = 16_384;

/** What the parts of one file have used so far. */
export interface XlsxBudget {
  inflated: number;
  cells: number;
}

export const newBudget = (): XlsxBudget => ({ inflated: 0, cells: 0 });

const LT = 0x3c;
const C = 0x63;
const isDelimiter = (b: number | undefined) => b === 0x20 || b === 0x3e || b === 0x2f || b === 0x09 || b === 0x0a || b === 0x0d;
/** Bytes after a `<` needed to tell `<c ` and `<row ` from other tags. */
const LOOKAHEAD = 4;

const tooBig = () => fileError('too_large', 'import.outOfMemory');

/**
 * A pass-through for one inflated part that counts its bytes into `budget` (and the part's own
 * cap), refuses a text or tag longer than MAX_XML_RUN_BYTES, and, for the worksheet, counts cell
 * elements in all and per row. Past a cap it fails with the file's error, which ends the read.
 */
export class XlsxPartGuard extends Transform {
  private part = 0;
  private run = 0;
  private rowCells = 0;
  /** The tail of the last chunk from a `<` too close to its end to read the tag's name. */
  private carry: Buffer | null = null;

  constructor(
    private readonly budget: XlsxBudget,
    private readonly partCap: number,
    private readonly countCells: boolean,
    /** Called with the part's inflated bytes so far (progress). */
    private readonly onBytes?: (partBytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.budget.inflated += chunk.length;
    this.part += chunk.length;
    if (this.budget.inflated > MAX_XLSX_INFLATED_BYTES || this.part > this.partCap) return done(tooBig());
    this.onBytes?.(this.part);
    try {
      this.scan(chunk);
    } catch (e) {
      return done(e as Error);
    }
    done(null, chunk);
  }

  private scan(chunk: Buffer): void {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    // A carried `<` was counted into `run` already; it is read again at data[0] and resets it.
    this.carry = null;
    let from = 0;
    let carryFrom = -1;
    for (let i = data.indexOf(LT); i !== -1; i = data.indexOf(LT, from)) {
      if (this.run + (i - from) > MAX_XML_RUN_BYTES) throw tooBig();
      this.run = 0;
      from = i + 1;
      if (!this.countCells) continue;
      if (i + LOOKAHEAD >= data.length) {
        if (carryFrom < 0) carryFrom = i;
        continue;
      }
      if (data[i + 1] === C && isDelimiter(data[i + 2])) this.cell();
      else if (data[i + 1] === 0x72 && data[i + 2] === 0x6f && data[i + 3] === 0x77 && isDelimiter(data[i + 4])) this.rowCells = 0;
    }
    this.run += data.length - from;
    if (this.run > MAX_XML_RUN_BYTES) throw tooBig();
    if (carryFrom >= 0) this.carry = Buffer.from(data.subarray(carryFrom));
  }

  private cell(): void {
    if (++this.budget.cells > MAX_XLSX_CELLS) throw fileError('too_large', 'import.tooManyCells', { max: MAX_XLSX_CELLS });
    if (++this.rowCells > MAX_ROW_CELLS) throw fileError('too_large', 'import.rowTooWide', { max: MAX_ROW_CELLS });
  }
}
