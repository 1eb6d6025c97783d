// The first half of a bulk import's heavy work, run in the import worker (import-worker.ts), never
// on the server's event loop: stream the uploaded file once, validate every row with the chosen
// mapping, count, keep the first rows and errors for the preview, and spool the valid rows ready to
// insert (import-spool.child.ts), so a commit with the same mapping does not read the file again and does
// no work per row in JavaScript (import-write.child.ts).
import fs from 'node:fs';
import { AppError, fieldError } from '../../shared/errors';
import type { ImportPreview, ImportProgress, ImportRowError, ImportSkippedRow, ImportSkipReason, ImportDuplicate, ImportDuplicateChoice } from '../../shared/records';
import { HEADER_SCAN_ROWS, findHeaderRow, nonDataReason, sectionName } from './import-layout.child';
import { MAX_IMPORT_ROWS, fileError, readImportRows } from './import-parse';
import { checkMapping, checkRow, isComplete, suggestMapping, type ImportMapping } from './import-rows';
import { newItemChanges } from '../records/inventory-service';
import { dateCell } from './import-cells';
import { DuplicateFinder } from './import-duplicates.child';
import { AdditionPlanner } from './import-additions.child';
import { SpoolWriter } from './import-spool.child';

export const SAMPLE_ROWS = 10;
export const MAX_ERRORS_SHOWN = 500;
/** Skipped rows listed in the preview (all are counted). */
export const MAX_SKIPPED_SHOWN = 500;
/** Progress is reported every this many rows (and at the end). */
const PROGRESS_EVERY = 2000;
const SKIPPED_TEXT_CHARS = 60;
const CANDIDATE_CELLS = 40;

/** Distinct location texts kept for matching against the tree (more are placed by their path, as before). */
export const MAX_LOCATION_TEXTS = 2000;

export type ScanResult = Omit<ImportPreview, 'importId' | 'fileName' | 'locations'> & { locationTexts: Array<{ text: string; rows: number }> };

export interface ScanInput {
  file: string;
  fileName: string;
  mapping?: ImportMapping;
  /** The header's row number in the spreadsheet; found among the first rows when left out. */
  headerRow?: number;
  /** Section headings become the category of the rows below them (when a row has none). */
  sectionAsCategory?: boolean;
  keepBadCasCheckDigits?: boolean;
  /** Duplicate rows: imported anyway (default), left out, or added to the item (import-additions.child.ts). */
  duplicates?: ImportDuplicateChoice;
  /** lab.db, for rows duplicating an item in stock (none checked without it). */
  dbPath?: string;
  /** Where to write the valid rows (only when the mapping is complete). */
  spool: string;
}

export type Progress = (p: ImportProgress) => void;

const DATE_COLUMNS = ['expiry_date', 'received_date', 'opened_date'] as const;

/** A sample row as the preview shows it: an Excel date cell (a bare serial such as 45717) as its date. */
function shownAsDates(cells: string[], mapping: ImportMapping): string[] {
  const out = [...cells];
  for (const col of DATE_COLUMNS) {
    const i = mapping[col];
    if (i === undefined || !/^\d{5}(?:\.\d+)?$/.test((out[i] ?? '').trim())) continue;
    out[i] = dateCell(out[i]!.trim()) ?? out[i]!;
  }
  return out;
}

/** The cells the mapping reads, in mapping order (what makes two rows the same item). */
function mappedCells(cells: string[], mapping: ImportMapping): string[] {
  return Object.values(mapping).map((i) => (cells[i!] ?? '').trim());
}

interface Line {
  cells: string[];
  rowNo: number;
}

/** The header row chosen among the first rows, with the mapping its columns are read by. */
interface Header {
  row: number;
  headers: string[];
  mapping: ImportMapping;
}

/** One scan's counters and kept rows, filled as the file streams by and read into the ScanResult at the end. */
class Scan {
  /** The first non-empty rows, held until the header is chosen among them. */
  private readonly first: Line[] = [];
  /** Chosen among the first rows; null until then, and for a file with no rows. */
  header: Header | null = null;
  rows = 0;
  /** Read so far, of `totalBytes` (the progress percent). */
  bytes = 0;
  private lastRowNo = 0;
  private section = '';
  private sectionRows = 0;
  private readonly sample: string[][] = [];
  private readonly sampleRows: number[] = [];
  private readonly errors: ImportRowError[] = [];
  private readonly warnings: ImportRowError[] = [];
  private warningRows = 0;
  private readonly places = new Map<string, number>();
  private readonly duplicates: ImportDuplicate[] = [];
  private duplicateRows = 0;
  private readonly finder: DuplicateFinder;
  /** Where duplicate rows' amounts go (`duplicates: 'add'`); made with the header. */
  private adding: AdditionPlanner | null = null;
  /** Rows spooled as new items (the spool's n of the last one). */
  private spooled = 0;
  private readonly skipped: ImportSkippedRow[] = [];
  private skippedRows = 0;
  private validRows = 0;
  private badRows = 0;
  private badCheckDigitRows = 0;
  /** Made with the header when the mapping is complete: only then are rows checked and spooled. */
  private spool: SpoolWriter | null = null;

  constructor(private readonly input: ScanInput, private readonly progress: Progress, private readonly totalBytes: number) {
    this.finder = new DuplicateFinder(input.dbPath);
  }

  /** A row as the file yields it: one of the first rows until the header is chosen, then data. */
  row(cells: string[], rowNo: number): void {
    if (this.header) return this.dataRow(this.header, { cells, rowNo });
    this.first.push({ cells, rowNo });
    if (this.first.length === HEADER_SCAN_ROWS) this.chooseHeader();
  }

  /** The whole file read: a file shorter than the header scan has its header chosen now, and the additions go into the spool. */
  ended(): void {
    if (!this.header && this.first.length) this.chooseHeader();
    if (this.adding) this.spool?.grow(this.adding.spool());
  }

  /** Commits the spooled rows (`scanned`: the whole file was) or drops them. */
  close(scanned: boolean): void {
    this.spool?.close(scanned);
  }

  /** What the preview shows of the scan (the valid rows themselves are in the spool). */
  result({ row, headers, mapping }: Header): ScanResult {
    const added = this.adding;
    const headerCandidates = this.first.map((l) => ({ row: l.rowNo, cells: l.cells.slice(0, CANDIDATE_CELLS).map((c) => c.slice(0, SKIPPED_TEXT_CHARS)) }));
    return {
      headerRow: row,
      headerCandidates,
      headers,
      sample: this.sample,
      sampleRows: this.sampleRows,
      skipped: this.skipped,
      skippedRows: this.skippedRows,
      sectionRows: this.sectionRows,
      totalRows: this.rows,
      mapping,
      validRows: this.validRows,
      errors: this.errors,
      badRows: this.badRows,
      badCheckDigitRows: this.badCheckDigitRows,
      warnings: this.warnings,
      warningRows: this.warningRows,
      duplicates: this.duplicates,
      duplicateRows: this.duplicateRows,
      addedRows: added?.addedRows ?? 0,
      mergedRows: added?.mergedRows ?? 0,
      additions: added?.shown() ?? [],
      locationTexts: [...this.places].map(([text, rows]) => ({ text, rows })),
    };
  }

  private percent(): number {
    return this.totalBytes > 0 ? Math.min(100, Math.floor((this.bytes / this.totalBytes) * 100)) : 100;
  }

  private skip(row: number, reason: ImportSkipReason, cells: string[]): void {
    this.skippedRows++;
    const text = cells.map((c) => c.trim()).find(Boolean) ?? '';
    if (this.skipped.length < MAX_SKIPPED_SHOWN) this.skipped.push({ row, reason, text: text.slice(0, SKIPPED_TEXT_CHARS) });
  }

  /** Picks the header among the first rows; the rows above it are titles, those below it data. */
  private chooseHeader(): void {
    const { input, first } = this;
    let at = findHeaderRow(first.map((l) => l.cells));
    if (input.headerRow !== undefined) {
      at = first.findIndex((l) => l.rowNo === input.headerRow);
      if (at < 0) throw new AppError('validation', 'import.headerRow', { row: input.headerRow }, { fields: fieldError('headerRow', 'import.headerRow', { row: input.headerRow }) });
    }
    const line = first[at]!;
    const headers = line.cells.map((h) => h.trim());
    const header: Header = { row: line.rowNo, headers, mapping: input.mapping ?? suggestMapping(headers) };
    this.header = header;
    if (isComplete(header.mapping)) {
      checkMapping(headers, header.mapping);
      this.spool = new SpoolWriter(input.spool);
      if (input.duplicates === 'add') this.adding = new AdditionPlanner(headers[header.mapping.quantity!] ?? 'quantity');
    }
    first.slice(0, at).forEach((l) => this.skip(l.rowNo, 'title', l.cells));
    this.lastRowNo = line.rowNo;
    first.slice(at + 1).forEach((l) => this.dataRow(header, l));
  }

  /** A row below the header: skipped (blank, a section, …) or counted, sampled and, with a complete mapping, checked. */
  private dataRow(header: Header, { cells, rowNo }: Line): void {
    // Blank rows between two rows of the sheet: counted and listed (never read one by one).
    for (let r = this.lastRowNo + 1; r < rowNo && this.skipped.length < MAX_SKIPPED_SHOWN; r++) this.skipped.push({ row: r, reason: 'blank', text: '' });
    this.skippedRows += Math.max(0, rowNo - this.lastRowNo - 1);
    this.lastRowNo = rowNo;
    const reason = nonDataReason(cells, header.headers, header.mapping);
    if (reason) {
      this.skip(rowNo, reason, cells);
      if (reason === 'section') {
        this.sectionRows++;
        this.section = sectionName(cells.find((c) => c.trim())!);
      }
      return;
    }
    this.rows++;
    if (this.rows > MAX_IMPORT_ROWS) throw fileError('too_large', 'import.tooManyRowsStop', { max: MAX_IMPORT_ROWS });
    if (this.sample.length < SAMPLE_ROWS) {
      this.sample.push(shownAsDates(cells, header.mapping));
      this.sampleRows.push(rowNo);
    }
    if (this.spool) this.validate(header, { cells, rowNo }, this.spool);
    if (this.rows % PROGRESS_EVERY === 0) this.progress({ phase: 'parse', rows: this.rows, total: null, percent: this.percent() });
  }

  /** Validates a data row and sends it where it goes: left out or added to as a duplicate, refused, or spooled as a new item. */
  private validate({ headers, mapping }: Header, { cells, rowNo }: Line, spool: SpoolWriter): void {
    const { input, adding } = this;
    const r = checkRow(headers, cells, rowNo, mapping, input.keepBadCasCheckDigits, input.sectionAsCategory ? this.section : undefined);
    if (r.badCheckDigit) this.badCheckDigitRows++;
    if (r.warnings.length) this.warningRows++;
    for (const w of r.warnings) if (this.warnings.length < MAX_ERRORS_SHOWN) this.warnings.push(w);
    const found = r.ok ? this.finder.check(r.values, mappedCells(cells, mapping), rowNo) : null;
    if (found) {
      this.duplicateRows++;
      if (this.duplicates.length < MAX_ERRORS_SHOWN) this.duplicates.push(found.shown);
    }
    const plan = found && adding && r.ok ? adding.plan(found, r.values, rowNo) : null;
    if (found && input.duplicates === 'skip') this.skip(rowNo, 'duplicate', cells);
    else if (plan && 'error' in plan) {
      this.badRows++;
      if (this.errors.length < MAX_ERRORS_SHOWN) this.errors.push(plan.error);
    } else if (plan) this.validRows++;
    else if (r.ok) {
      this.validRows++;
      const place = String(r.values.storage_location ?? '');
      if (place && (this.places.has(place) || this.places.size < MAX_LOCATION_TEXTS)) this.places.set(place, (this.places.get(place) ?? 0) + 1);
      spool.add(r.values, JSON.stringify(newItemChanges(r.values)));
      adding?.spooled(rowNo, ++this.spooled);
    } else {
      this.badRows++;
      for (const e of r.errors) if (this.errors.length < MAX_ERRORS_SHOWN) this.errors.push(e);
    }
  }
}

export async function scanImport(input: ScanInput, progress: Progress): Promise<ScanResult> {
  const totalBytes = fs.statSync(input.file, { throwIfNoEntry: false })?.size;
  if (totalBytes === undefined) throw fileError('not_found', 'import.fileGone');
  const scan = new Scan(input, progress, totalBytes);
  let scanned = false;
  try {
    await readImportRows(input.fileName, input.file, {
      bytes: (n) => (scan.bytes = n),
      row: (cells, rowNo) => scan.row(cells, rowNo),
    });
    scan.ended();
    scanned = true;
  } finally {
    scan.close(scanned);
  }
  if (!scan.header) throw fileError('validation', 'import.empty');
  progress({ phase: 'parse', rows: scan.rows, total: null, percent: 100 });
  return scan.result(scan.header);
}
