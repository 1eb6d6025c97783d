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

export async function scanImport(input: ScanInput, progress: Progress): Promise<ScanResult> {
  const totalBytes = fs.statSync(input.file, { throwIfNoEntry: false })?.size;
  if (totalBytes === undefined) throw fileError('not_found', 'import.fileGone');
  /** The first non-empty rows, held until the header is chosen among them. */
  const first: Line[] = [];
  let headerRow = 0;
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let validate = false;
  let rows = 0;
  let bytes = 0;
  let lastRowNo = 0;
  let section = '';
  let sectionRows = 0;
  const sample: string[][] = [];
  const sampleRows: number[] = [];
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  let warningRows = 0;
  const places = new Map<string, number>();
  const duplicates: ImportDuplicate[] = [];
  let duplicateRows = 0;
  const finder = new DuplicateFinder(input.dbPath);
  /** Where duplicate rows' amounts go (`duplicates: 'add'`); made with the header. */
  let adding: AdditionPlanner | null = null;
  /** Rows spooled as new items (the spool's n of the last one). */
  let spooled = 0;
  const skipped: ImportSkippedRow[] = [];
  let skippedRows = 0;
  let validRows = 0;
  let badRows = 0;
  let badCheckDigitRows = 0;
  let spool: SpoolWriter | null = null;
  let scanned = false;
  const percent = () => (totalBytes > 0 ? Math.min(100, Math.floor((bytes / totalBytes) * 100)) : 100);
  const skip = (row: number, reason: ImportSkipReason, cells: string[]) => {
    skippedRows++;
    const text = cells.map((c) => c.trim()).find(Boolean) ?? '';
    if (skipped.length < MAX_SKIPPED_SHOWN) skipped.push({ row, reason, text: text.slice(0, SKIPPED_TEXT_CHARS) });
  };

  const dataRow = ({ cells, rowNo }: Line) => {
    // Blank rows between two rows of the sheet: counted and listed (never read one by one).
    for (let r = lastRowNo + 1; r < rowNo && skipped.length < MAX_SKIPPED_SHOWN; r++) skipped.push({ row: r, reason: 'blank', text: '' });
    skippedRows += Math.max(0, rowNo - lastRowNo - 1);
    lastRowNo = rowNo;
    const reason = nonDataReason(cells, headers!, mapping);
    if (reason) {
      skip(rowNo, reason, cells);
      if (reason === 'section') {
        sectionRows++;
        section = sectionName(cells.find((c) => c.trim())!);
      }
      return;
    }
    rows++;
    if (rows > MAX_IMPORT_ROWS) throw fileError('too_large', 'import.tooManyRowsStop', { max: MAX_IMPORT_ROWS });
    if (sample.length < SAMPLE_ROWS) {
      sample.push(shownAsDates(cells, mapping));
      sampleRows.push(rowNo);
    }
    if (validate) {
      const r = checkRow(headers!, cells, rowNo, mapping, input.keepBadCasCheckDigits, input.sectionAsCategory ? section : undefined);
      if (r.badCheckDigit) badCheckDigitRows++;
      if (r.warnings.length) warningRows++;
      for (const w of r.warnings) if (warnings.length < MAX_ERRORS_SHOWN) warnings.push(w);
      const found = r.ok ? finder.check(r.values, mappedCells(cells, mapping), rowNo) : null;
      if (found) {
        duplicateRows++;
        if (duplicates.length < MAX_ERRORS_SHOWN) duplicates.push(found.shown);
      }
      const plan = found && adding && r.ok ? adding.plan(found, r.values, rowNo) : null;
      if (found && input.duplicates === 'skip') skip(rowNo, 'duplicate', cells);
      else if (plan && 'error' in plan) {
        badRows++;
        if (errors.length < MAX_ERRORS_SHOWN) errors.push(plan.error);
      } else if (plan) validRows++;
      else if (r.ok) {
        validRows++;
        const place = String(r.values.storage_location ?? '');
        if (place && (places.has(place) || places.size < MAX_LOCATION_TEXTS)) places.set(place, (places.get(place) ?? 0) + 1);
        spool!.add(r.values, JSON.stringify(newItemChanges(r.values)));
        adding?.spooled(rowNo, ++spooled);
      } else {
        badRows++;
        for (const e of r.errors) if (errors.length < MAX_ERRORS_SHOWN) errors.push(e);
      }
    }
    if (rows % PROGRESS_EVERY === 0) progress({ phase: 'parse', rows, total: null, percent: percent() });
  };

  /** Picks the header among the first rows; the rows above it are titles, those below it data. */
  const chooseHeader = () => {
    let at = findHeaderRow(first.map((l) => l.cells));
    if (input.headerRow !== undefined) {
      at = first.findIndex((l) => l.rowNo === input.headerRow);
      if (at < 0) throw new AppError('validation', 'import.headerRow', { row: input.headerRow }, { fields: fieldError('headerRow', 'import.headerRow', { row: input.headerRow }) });
    }
    const header = first[at]!;
    headerRow = header.rowNo;
    headers = header.cells.map((h) => h.trim());
    mapping = input.mapping ?? suggestMapping(headers);
    validate = isComplete(mapping);
    if (validate) {
      checkMapping(headers, mapping);
      spool = new SpoolWriter(input.spool);
      if (input.duplicates === 'add') adding = new AdditionPlanner(headers[mapping.quantity!] ?? 'quantity');
    }
    first.slice(0, at).forEach((l) => skip(l.rowNo, 'title', l.cells));
    lastRowNo = header.rowNo;
    first.slice(at + 1).forEach(dataRow);
  };

  try {
    await readImportRows(input.fileName, input.file, {
      bytes: (n) => (bytes = n),
      row(cells, rowNo) {
        if (headers) return dataRow({ cells, rowNo });
        first.push({ cells, rowNo });
        if (first.length === HEADER_SCAN_ROWS) chooseHeader();
      },
    });
    if (!headers && first.length) chooseHeader();
    const planned = adding as AdditionPlanner | null;
    if (planned) (spool as SpoolWriter | null)?.grow(planned.spool());
    scanned = true;
  } finally {
    (spool as SpoolWriter | null)?.close(scanned);
  }
  if (!headers) throw fileError('validation', 'import.empty');
  // assigned in chooseHeader (a closure): TypeScript would take it for still null here
  const added = adding as AdditionPlanner | null;
  progress({ phase: 'parse', rows, total: null, percent: 100 });
  const headerCandidates = first.map((l) => ({ row: l.rowNo, cells: l.cells.slice(0, CANDIDATE_CELLS).map((c) => c.slice(0, SKIPPED_TEXT_CHARS)) }));
  return { headerRow, headerCandidates, headers, sample, sampleRows, skipped, skippedRows, sectionRows, totalRows: rows, mapping, validRows, errors, badRows, badCheckDigitRows, warnings, warningRows, duplicates, duplicateRows, addedRows: added?.addedRows ?? 0, mergedRows: added?.mergedRows ?? 0, additions: added?.shown() ?? [], locationTexts: [...places].map(([text, rows]) => ({ text, rows })) };
}
