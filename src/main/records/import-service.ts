// Bulk inventory import (the bulk path of spec 000): the file arrives in chunks, is parsed once,
// previewed with a column mapping and per-row errors, and written only on confirmation — all
// valid rows in one transaction (bad rows skipped only when the caller says so explicitly).
import { randomUUID } from 'node:crypto';
import { AppError, fieldError, issueMessage } from '../../shared/errors';
import { msg, type MessageKey, type MessageParams } from '../../shared/messages';
import { normalizeSearchTerm } from '../../shared/normalize';
import type { UserInfo } from '../../shared/contract';
import { inventoryCreateInput, type InventoryCreate } from '../../shared/contract/records';
import { IMPORT_COLUMNS, type ImportColumn, type ImportPreview, type ImportResult, type ImportRowError } from '../../shared/records';
import { afterCommit, type RecordsDeps } from './deps';
import { resolveCas } from './cas-field';
import { parseCas } from '../../shared/cas';
import { parseImportFile, type ParsedTable } from './import-parse';
import { inventoryRowValues, type InventoryService } from './inventory-service';

export type ImportMapping = Partial<Record<ImportColumn, number>>;

const MAX_FILE_BYTES = 30 * 1024 * 1024;
const SESSION_TTL_MS = 60 * 60 * 1000;
const SAMPLE_ROWS = 10;
const MAX_ERRORS_SHOWN = 500;
/** Unfinished imports kept per user; starting another drops the oldest (bounds memory). */
const MAX_SESSIONS_PER_USER = 3;

/** Header spellings (normalized) recognised for each column: English keys and labels, Chinese labels. */
const ALIASES: Record<ImportColumn, string[]> = {
  name: ['name', '名称', '中文名', '中文名称', '品名', '试剂名称', '药品名称', '物品名称'],
  english_name: ['english_name', 'englishname', '英文名', '英文名称'],
  cas_number: ['cas_number', 'cas', 'casno', 'casno.', 'casnumber', 'cas号', 'cas编号'],
  specification: ['specification', 'spec', '规格', '包装', '包装规格'],
  quantity: ['quantity', 'qty', 'amount', '数量', '库存数量'],
  unit: ['unit', '单位'],
  storage_location: ['storage_location', 'location', 'storagelocation', '存放位置', '位置', '储存位置', '存储位置'],
  brand: ['brand', '品牌', '厂家', '生产厂家'],
  category: ['category', '类别', '分类', '类型'],
  product_number: ['product_number', 'productnumber', 'catalognumber', 'catno', '货号', '产品编号'],
  hazardous: ['hazardous', 'hazard', '危险品', '是否危险品', '危化品'],
};

export function suggestMapping(headers: string[]): ImportMapping {
  const m: ImportMapping = {};
  headers.forEach((h, i) => {
    const n = normalizeSearchTerm(h).replace(/_/g, '');
    for (const col of IMPORT_COLUMNS) {
      if (m[col] === undefined && ALIASES[col].some((a) => a.replace(/_/g, '') === n)) m[col] = i;
    }
  });
  return m;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', '是', '危险', '危险品', 'x', '✓']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'n', '否', '无', '-']);

interface RowOutcome {
  valid: Array<{ values: Record<string, string | number> }>;
  errors: ImportRowError[];
  badRows: number;
  /** Rows whose CAS fails only the check digit (kept when the user confirms). */
  badCheckDigitRows: number;
}

/** A refusal of the column mapping, named on the `mapping` field too. */
function mappingError(key: MessageKey, params: MessageParams): AppError {
  return new AppError('validation', key, params, { fields: fieldError('mapping', key, params) });
}

/** Validates every data row with the same rules as the create form (main-side, never trusting the renderer). */
export function validateRows(table: ParsedTable, mapping: ImportMapping, keepBadCheckDigits = false): RowOutcome {
  if (mapping.name === undefined) throw mappingError('import.mapColumn', { field: 'name' });
  if (mapping.quantity === undefined) throw mappingError('import.mapColumn', { field: 'quantity' });
  for (const [col, idx] of Object.entries(mapping)) {
    if (idx! >= table.headers.length) throw mappingError('import.noColumn', { column: idx! + 1, field: col });
  }
  const out: RowOutcome = { valid: [], errors: [], badRows: 0, badCheckDigitRows: 0 };
  table.rows.forEach((cells, i) => {
    const rowNo = i + 2; // header is row 1
    const raw: Record<string, unknown> = {};
    const rowErrors: ImportRowError[] = [];
    for (const [col, idx] of Object.entries(mapping) as Array<[ImportColumn, number]>) {
      const text = (cells[idx] ?? '').trim();
      if (col === 'hazardous') {
        const w = text.toLowerCase();
        if (TRUE_WORDS.has(w)) raw.hazardous = true;
        else if (FALSE_WORDS.has(w)) raw.hazardous = false;
        else rowErrors.push({ row: rowNo, column: table.headers[idx] ?? col, ...msg('import.rowField', { field: col, problem: msg('import.hazardousWord', { value: text }) }) });
      } else if (text !== '') raw[col] = text;
    }
    let parsed: InventoryCreate | null = null;
    const res = inventoryCreateInput.safeParse(raw);
    if (res.success) parsed = res.data;
    else {
      for (const issue of res.error.issues) {
        const col = String(issue.path[0] ?? '');
        const idx = mapping[col as ImportColumn];
        const missing = raw[col] === undefined;
        rowErrors.push({ row: rowNo, column: idx !== undefined ? (table.headers[idx] ?? col) : col, ...msg('import.rowField', { field: col, problem: missing ? msg('field.required') : issueMessage(issue) }) });
      }
    }
    let cas = '';
    try {
      if (parseCas(String(raw.cas_number ?? '')).kind === 'bad_check_digit') out.badCheckDigitRows++;
      cas = resolveCas(raw.cas_number as string | undefined, keepBadCheckDigits);
    } catch (e) {
      const idx = mapping.cas_number!;
      if (!(e instanceof AppError)) throw e;
      rowErrors.push({ row: rowNo, column: table.headers[idx] ?? 'cas_number', key: e.key, params: e.params, message: e.message });
    }
    if (rowErrors.length || !parsed) {
      out.badRows++;
      for (const e of rowErrors) if (out.errors.length < MAX_ERRORS_SHOWN) out.errors.push(e);
      return;
    }
    out.valid.push({ values: inventoryRowValues(parsed, cas) });
  });
  return out;
}

interface Session {
  userId: number;
  fileName: string;
  chunks: Buffer[];
  size: number;
  complete: boolean;
  table: ParsedTable | null;
  touched: number;
  /** Set while a commit runs: a second commit of the same import (double click) is refused. */
  committing: boolean;
}

export class ImportService {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly d: RecordsDeps,
    private readonly inventory: InventoryService,
  ) {}

  private sweep(): void {
    const now = Date.now();
    for (const [k, s] of this.sessions) if (now - s.touched > SESSION_TTL_MS) this.sessions.delete(k);
  }

  private session(actor: UserInfo, importId: string): Session {
    const s = this.sessions.get(importId);
    if (!s || s.userId !== actor.id) throw new AppError('not_found', 'import.expired', {}, { fields: fieldError('importId', 'import.expired') });
    s.touched = Date.now();
    return s;
  }

  upload(actor: UserInfo, input: { importId?: string; fileName: string; chunk: string; last: boolean }): { importId: string; received: number } {
    this.sweep();
    let id = input.importId;
    let s: Session;
    if (!id) {
      const mine = [...this.sessions].filter(([, x]) => x.userId === actor.id).sort((a, b) => a[1].touched - b[1].touched);
      while (mine.length >= MAX_SESSIONS_PER_USER) this.sessions.delete(mine.shift()![0]);
      id = randomUUID();
      s = { userId: actor.id, fileName: input.fileName, chunks: [], size: 0, complete: false, table: null, touched: Date.now(), committing: false };
      this.sessions.set(id, s);
    } else {
      s = this.session(actor, id);
      if (s.complete) throw new AppError('conflict', 'import.uploadComplete', {}, { fields: fieldError('importId', 'import.uploadComplete') });
    }
    const buf = Buffer.from(input.chunk, 'base64');
    s.size += buf.length;
    if (s.size > MAX_FILE_BYTES) {
      this.sessions.delete(id);
      throw new AppError('too_large', 'import.fileTooLarge', { mb: MAX_FILE_BYTES / 1024 / 1024 }, { fields: fieldError('file', 'field.tooLarge') });
    }
    s.chunks.push(buf);
    s.complete = input.last;
    return { importId: id, received: s.size };
  }

  private async table(s: Session): Promise<ParsedTable> {
    if (!s.complete) throw new AppError('conflict', 'import.uploadIncomplete', {}, { fields: fieldError('importId', 'import.uploadIncomplete') });
    s.table ??= await parseImportFile(s.fileName, Buffer.concat(s.chunks));
    return s.table;
  }

  async preview(actor: UserInfo, input: { importId: string; mapping?: ImportMapping; keepBadCasCheckDigits?: boolean }): Promise<ImportPreview> {
    const s = this.session(actor, input.importId);
    const table = await this.table(s);
    const mapping = input.mapping ?? suggestMapping(table.headers);
    let validRows = 0;
    let errors: ImportRowError[] = [];
    let badRows = 0;
    let badCheckDigitRows = 0;
    if (mapping.name !== undefined && mapping.quantity !== undefined) {
      const v = validateRows(table, mapping, input.keepBadCasCheckDigits);
      validRows = v.valid.length;
      errors = v.errors;
      badRows = v.badRows;
      badCheckDigitRows = v.badCheckDigitRows;
    }
    return { importId: input.importId, fileName: s.fileName, headers: table.headers, sample: table.rows.slice(0, SAMPLE_ROWS), totalRows: table.rows.length, mapping, validRows, errors, badRows, badCheckDigitRows };
  }

  async commit(actor: UserInfo, input: { importId: string; mapping: ImportMapping; skipBadRows: boolean; keepBadCasCheckDigits?: boolean }): Promise<ImportResult> {
    const s = this.session(actor, input.importId);
    // Claimed before the first await: parsing yields, and a second commit arriving meanwhile
    // would otherwise insert every row again.
    if (s.committing) throw new AppError('conflict', 'import.committing', {}, { fields: fieldError('importId', 'import.committing') });
    s.committing = true;
    let ids: number[];
    let v: RowOutcome;
    try {
      const table = await this.table(s);
      v = validateRows(table, input.mapping, input.keepBadCasCheckDigits);
      if (v.badRows > 0 && !input.skipBadRows) {
        throw new AppError('validation', 'import.badRows', { bad: v.badRows, valid: v.valid.length }, { fields: fieldError('rows', 'import.badRowsField', { bad: v.badRows }), details: { errors: v.errors } });
      }
      if (v.valid.length === 0) throw new AppError('validation', 'import.noValidRows', {}, { fields: fieldError('rows', 'import.noValidRows') });
      const valid = v.valid;
      ids = this.d.db.transaction(() => valid.map((r) => this.inventory.insert(r.values, actor, { action: 'import' })))();
    } finally {
      s.committing = false;
    }
    this.sessions.delete(input.importId);
    afterCommit(this.d, [{ endpoint: '/inventory/', ids, bulk: true }]);
    this.d.log.info({ user: actor.username, imported: ids.length, skipped: v.badRows }, 'inventory import committed');
    return { imported: ids.length, skipped: v.badRows, ids };
  }
}
