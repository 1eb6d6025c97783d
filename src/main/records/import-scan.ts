// The first half of a bulk import's heavy work, run in the import worker (import-worker.ts), never
// on the server's event loop: stream the uploaded file once, validate every row with the chosen
// mapping, count, keep the first rows and errors for the preview, and spool the valid rows ready to
// insert (import-spool.ts), so a commit with the same mapping does not read the file again and does
// no work per row in JavaScript (import-write.ts).
import fs from 'node:fs';
import type { ImportPreview, ImportProgress, ImportRowError } from '../../shared/records';
import { MAX_IMPORT_ROWS, fileError, readImportRows } from './import-parse';
import { checkMapping, checkRow, isComplete, suggestMapping, type ImportMapping } from './import-rows';
import { newItemChanges } from './inventory-service';
import { SpoolWriter } from './import-spool';

export const SAMPLE_ROWS = 10;
export const MAX_ERRORS_SHOWN = 500;
/** Progress is reported every this many rows (and at the end). */
const PROGRESS_EVERY = 2000;

export type ScanResult = Omit<ImportPreview, 'importId' | 'fileName'>;

export interface ScanInput {
  file: string;
  fileName: string;
  mapping?: ImportMapping;
  keepBadCasCheckDigits?: boolean;
  /** Where to write the valid rows (only when the mapping is complete). */
  spool: string;
}

export type Progress = (p: ImportProgress) => void;

export async function scanImport(input: ScanInput, progress: Progress): Promise<ScanResult> {
  const totalBytes = fs.statSync(input.file, { throwIfNoEntry: false })?.size;
  if (totalBytes === undefined) throw fileError('not_found', 'import.fileGone');
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let validate = false;
  let rows = 0;
  let bytes = 0;
  const sample: string[][] = [];
  const errors: ImportRowError[] = [];
  let validRows = 0;
  let badRows = 0;
  let badCheckDigitRows = 0;
  let spool: SpoolWriter | null = null;
  let scanned = false;
  const percent = () => (totalBytes > 0 ? Math.min(100, Math.floor((bytes / totalBytes) * 100)) : 100);
  try {
    await readImportRows(input.fileName, input.file, {
      bytes: (n) => (bytes = n),
      row(cells) {
        if (!headers) {
          headers = cells.map((h) => h.trim());
          mapping = input.mapping ?? suggestMapping(headers);
          validate = isComplete(mapping);
          if (validate) {
            checkMapping(headers, mapping);
            spool = new SpoolWriter(input.spool);
          }
          return;
        }
        rows++;
        if (rows > MAX_IMPORT_ROWS) throw fileError('too_large', 'import.tooManyRowsStop', { max: MAX_IMPORT_ROWS });
        if (sample.length < SAMPLE_ROWS) sample.push(cells);
        if (validate) {
          const r = checkRow(headers, cells, rows + 1, mapping, input.keepBadCasCheckDigits);
          if (r.badCheckDigit) badCheckDigitRows++;
          if (r.ok) {
            validRows++;
            spool!.add(r.values, JSON.stringify(newItemChanges(r.values)));
          } else {
            badRows++;
            for (const e of r.errors) if (errors.length < MAX_ERRORS_SHOWN) errors.push(e);
          }
        }
        if (rows % PROGRESS_EVERY === 0) progress({ phase: 'parse', rows, total: null, percent: percent() });
      },
    });
    scanned = true;
  } finally {
    (spool as SpoolWriter | null)?.close(scanned);
  }
  if (!headers) throw fileError('validation', 'import.empty');
  progress({ phase: 'parse', rows, total: null, percent: 100 });
  return { headers, sample, totalRows: rows, mapping, validRows, errors, badRows, badCheckDigitRows };
}
