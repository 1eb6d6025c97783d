// One bulk-import row at a time: which file column feeds which field (suggested from the headers,
// English or Chinese), and the same validation as the create form (main-side, never trusting the
// renderer), giving either the row's values for inventory_items or its errors.
import { AppError, fieldError, issueMessage } from '../../shared/errors';
import { msg, type MessageKey, type MessageParams } from '../../shared/messages';
import { normalizeSearchTerm } from '../../shared/normalize';
import { inventoryCreateInput, type InventoryCreate } from '../../shared/contract/records';
import { IMPORT_COLUMNS, type ImportColumn, type ImportRowError } from '../../shared/records';
import { parseCas } from '../../shared/cas';
import { resolveCas } from '../records/cas-field';
import { inventoryRowValues, type InventoryRow } from '../records/inventory-service';
import { addMonths, amountCell, ghsCell, noCas, readDateCell, sizeCell, specSize } from './import-cells';
import { convert, formatAmount, unitDimension } from '../../shared/amounts';
import type { Message } from '../../shared/messages';

export type ImportMapping = Partial<Record<ImportColumn, number>>;

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
  container_size: ['container_size', 'containersize', 'size', 'packsize', '单瓶规格', '容器规格', '每瓶规格', '单瓶容量', '单瓶量'],
  container_label: ['container_label', 'container', 'containerlabel', '容器', '容器类型', '包装单位'],
  lot_number: ['lot_number', 'lot', 'lotno', 'lotno.', 'lotnumber', 'batch', 'batchno', 'batchno.', 'batchnumber', '批号', '批次号', '批次', '生产批号'],
  expiry_date: ['expiry_date', 'expiry', 'expirydate', 'expires', 'expirationdate', 'bestbefore', '有效期', '失效日期', '有效期至', '过期日期', '到期日期', '有效日期'],
  received_date: ['received_date', 'received', 'receiveddate', 'receivedon', 'dateReceived', '入库日期', '到货日期', '收货日期', '入库时间', '购买日期', '购入日期', '采购日期', '购置日期'],
  opened_date: ['opened_date', 'opened', 'openeddate', 'openedon', 'dateopened', '开封日期', '开启日期', '开瓶日期'],
  supplier: ['supplier', 'vendor', 'dealer', '供应商', '供货商', '经销商', '采购渠道'],
  min_stock: ['min_stock', 'minstock', 'minimumstock', 'minimum', 'reorderlevel', '最低库存', '最小库存', '安全库存', '库存下限'],
  notes: ['notes', 'note', 'remarks', 'remark', 'comment', 'comments', '备注', '说明', '注释', '备注说明', '附注'],
  ghs: ['ghs', 'ghspictograms', 'pictograms', 'ghscodes', '危险象形图', 'ghs象形图', '象形图', '危险标识', 'ghs标识', '危险性象形图'],
};

const DATE_COLUMNS = new Set<ImportColumn>(['expiry_date', 'received_date', 'opened_date']);

/** The column a header names (English key or label, Chinese label), if any. */
export function headerColumn(header: string): ImportColumn | undefined {
  const n = normalizeSearchTerm(header).replace(/_/g, '');
  if (!n) return undefined;
  const col = IMPORT_COLUMNS.find((c) => ALIASES[c].some((a) => a.replace(/_/g, '').toLowerCase() === n));
  if (col) return col;
  // Two languages in one header ("名称 / Name", "数量（Quantity）", one per line): either half.
  const parts = header.split(/\s+\/\s+|[(（)）\n]/).filter((p) => p.trim());
  return parts.length > 1 ? parts.map(headerColumn).find((c) => c !== undefined) : undefined;
}

export function suggestMapping(headers: string[]): ImportMapping {
  const m: ImportMapping = {};
  headers.forEach((h, i) => {
    const col = headerColumn(h);
    if (col && m[col] === undefined) m[col] = i;
  });
  return m;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', '是', '危险', '危险品', 'x', '✓']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'n', '否', '无', '-']);

type Warn = (col: ImportColumn, p: Message) => void;
const isCount = (u: string) => !!u && unitDimension(u) === 'count';

/**
 * The quantity cell as written (`amountCell`): its number, its unit or count word, "500ml×2";
 * then N of a count word ("瓶") with a specification that starts with a size ("500 mL", "500ml
 * 30%") and no container size column is N containers of that size (1000 mL in containers of
 * 500 mL: the rule the upgrade to lab.db v7 applied), and an amount in a measuring unit ("0.5 kg")
 * with such a specification ("500g") is that amount in the specification's unit (500 g, in
 * containers of 500 g). What is not read is left for the schema to refuse.
 */
function readAmount(raw: Record<string, unknown>, warn: Warn): void {
  const text = raw.quantity;
  if (typeof text !== 'string') return;
  const a = amountCell(text);
  if (!a) return;
  if (a.approx) warn('quantity', msg('import.approxAmount', { value: text, amount: a.amount.toFixed() }));
  const unitCol = typeof raw.unit === 'string' ? raw.unit : '';
  if (a.each) {
    raw.quantity = a.amount.times(a.each.size).toFixed();
    raw.container_size = a.each.size.toFixed();
    raw.container_label ??= a.unit ?? (isCount(unitCol) ? unitCol : undefined);
    raw.unit = a.each.unit;
    return;
  }
  let amount = a.amount;
  let unit = unitCol;
  if (a.unit && isCount(a.unit)) {
    if (!unit || isCount(unit)) unit = a.unit;
  } else if (a.unit) {
    const inCol = unit && !isCount(unit) ? convert(amount, a.unit, unit) : null;
    if (inCol) amount = inCol;
    else {
      if (isCount(unit)) raw.container_label ??= unit;
      unit = a.unit;
    }
  }
  raw.quantity = amount.toFixed();
  if (unit) raw.unit = unit;
  // A bare number in a measuring unit stays as it is (1500 g of "500 g" is not said to be bottles).
  const size = raw.container_size === undefined && (isCount(unit) || a.unit) ? specSize(String(raw.specification ?? '')) : null;
  if (!size) return;
  if (isCount(unit)) {
    raw.quantity = amount.times(size.size).toFixed();
    raw.container_label ??= unit;
  } else {
    const inSpec = convert(amount, unit, size.unit);
    if (!inSpec) return;
    raw.quantity = inSpec.toFixed();
  }
  raw.container_size = formatAmount(size.size);
  raw.unit = size.unit;
}

/** A refusal of the column mapping, named on the `mapping` field too. */
function mappingError(key: MessageKey, params: MessageParams): AppError {
  return new AppError('validation', key, params, { fields: fieldError('mapping', key, params) });
}

/** True when the mapping names the two required columns (only then are rows validated). */
export function isComplete(mapping: ImportMapping): boolean {
  return mapping.name !== undefined && mapping.quantity !== undefined;
}

/** Refuses a mapping without name or quantity, or naming a column the file does not have. */
export function checkMapping(headers: string[], mapping: ImportMapping): void {
  if (mapping.name === undefined) throw mappingError('import.mapColumn', { field: 'name' });
  if (mapping.quantity === undefined) throw mappingError('import.mapColumn', { field: 'quantity' });
  for (const [col, idx] of Object.entries(mapping)) {
    if (idx! >= headers.length) throw mappingError('import.noColumn', { column: idx! + 1, field: col });
  }
}

/** `warnings`: what was read other than as written (a month for a day, a shelf life, "约2"): imported, but said. */
export type RowCheck =
  | { ok: true; values: InventoryRow; badCheckDigit: boolean; warnings: ImportRowError[] }
  | { ok: false; errors: ImportRowError[]; badCheckDigit: boolean; warnings: ImportRowError[] };

/**
 * Validates one data row (`rowNo`: its row number in the spreadsheet). `category`: the section
 * heading above the row, used when the row's own category cell is empty (the user's choice).
 */
export function checkRow(headers: string[], cells: string[], rowNo: number, mapping: ImportMapping, keepBadCheckDigits = false, category?: string): RowCheck {
  const raw: Record<string, unknown> = {};
  if (category) raw.category = category;
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  const problem = (col: ImportColumn, idx: number, p: Message) => errors.push({ row: rowNo, column: headers[idx] ?? col, ...msg('import.rowField', { field: col, problem: p }) });
  const warn = (col: ImportColumn, p: Message) => warnings.push({ row: rowNo, column: headers[mapping[col]!] ?? col, ...msg('import.rowField', { field: col, problem: p }) });
  let shelfLife: { months: number; value: string } | null = null;
  for (const [col, idx] of Object.entries(mapping) as Array<[ImportColumn, number]>) {
    const text = (cells[idx] ?? '').trim();
    if (col === 'hazardous') {
      const w = text.toLowerCase();
      if (TRUE_WORDS.has(w)) raw.hazardous = true;
      else if (FALSE_WORDS.has(w)) raw.hazardous = false;
      else problem(col, idx, msg('import.hazardousWord', { value: text }));
    } else if (text === '' || (col === 'cas_number' && noCas(text))) continue;
    else if (DATE_COLUMNS.has(col)) {
      const d = readDateCell(text, col === 'expiry_date');
      if (!d) problem(col, idx, msg('import.dateWord', { value: text }));
      else if (d.kind === 'date') raw[col] = d.date;
      else if (d.kind === 'month') {
        raw[col] = d.date;
        warn(col, msg(col === 'expiry_date' ? 'import.monthEnd' : 'import.monthStart', { value: text, date: d.date }));
      } else if (d.kind === 'shelfLife' && col === 'expiry_date') shelfLife = { months: d.months, value: text };
      else if (d.kind === 'shelfLife') problem(col, idx, msg('import.dateWord', { value: text }));
    } else if (col === 'ghs') {
      const codes = ghsCell(text);
      if (codes) raw.ghs = codes;
      else problem(col, idx, msg('import.ghsWord', { value: text }));
    } else raw[col] = text;
  }
  if (typeof raw.container_size === 'string') {
    const size = sizeCell(raw.container_size, raw.unit as string | undefined);
    if (!size) {
      problem('container_size', mapping.container_size!, msg('import.sizeUnit', { value: raw.container_size, unit: String(raw.unit) }));
      delete raw.container_size;
    } else {
      raw.container_size = size.size;
      if (size.unit) raw.unit = size.unit;
    }
  }
  if (shelfLife) {
    const { months, value } = shelfLife;
    if (typeof raw.received_date === 'string') {
      raw.expiry_date = addMonths(raw.received_date, months);
      warn('expiry_date', msg('import.shelfLife', { value, date: raw.expiry_date as string }));
    } else problem('expiry_date', mapping.expiry_date!, msg('import.shelfLifeNoStart', { value }));
  }
  if (typeof raw.expiry_date === 'string' && typeof raw.received_date === 'string' && raw.expiry_date < raw.received_date) {
    warn('expiry_date', msg('import.expiryBeforeReceived', { expiry: raw.expiry_date, received: raw.received_date }));
  }
  // the flag follows the pictograms (shared/stock.ts hazardousWith): a "no" beside them is said, then set
  if (raw.hazardous === false && Array.isArray(raw.ghs) && raw.ghs.length > 0) warn('hazardous', msg('import.hazardousFromGhs', { ghs: raw.ghs.join(',') }));
  readAmount(raw, warn);
  let parsed: InventoryCreate | null = null;
  const res = inventoryCreateInput.safeParse(raw);
  if (res.success) parsed = res.data;
  else {
    for (const issue of res.error.issues) {
      const col = String(issue.path[0] ?? '');
      const idx = mapping[col as ImportColumn];
      const missing = raw[col] === undefined;
      errors.push({ row: rowNo, column: idx !== undefined ? (headers[idx] ?? col) : col, ...msg('import.rowField', { field: col, problem: missing ? msg('field.required') : issueMessage(issue) }) });
    }
  }
  const badCheckDigit = parseCas(String(raw.cas_number ?? '')).kind === 'bad_check_digit';
  let cas = '';
  try {
    cas = resolveCas(raw.cas_number as string | undefined, keepBadCheckDigits);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    errors.push({ row: rowNo, column: headers[mapping.cas_number!] ?? 'cas_number', key: e.key, params: e.params, message: e.message });
  }
  if (errors.length || !parsed) return { ok: false, errors, badCheckDigit, warnings };
  return { ok: true, values: inventoryRowValues(parsed, cas), badCheckDigit, warnings };
}
