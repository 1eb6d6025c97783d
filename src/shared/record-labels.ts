// How record fields and codes read to a person, in both UI languages: field labels (the forms'
// labels), statuses, yes/no and order kinds. One owner for the renderer's `records.field.*` /
// `records.status.*` i18n keys and for the main process's exports, which cannot import renderer code.

export type LabelLanguage = 'zh-CN' | 'en';

const FIELD_EN = {
  all: 'All fields',
  name: 'Name',
  english_name: 'English name',
  cas_number: 'CAS No.',
  specification: 'Specification',
  quantity: 'Quantity',
  unit: 'Unit',
  unit_price: 'Unit price',
  storage_location: 'Storage location',
  brand: 'Brand',
  category: 'Category',
  product_number: 'Product No.',
  hazardous: 'Hazardous',
  status: 'Status',
  applicant: 'Applicant',
  notes: 'Notes',
  communication: 'Contact / supplier info',
  borrowed_by_name: 'Borrowed by',
  created_at: 'Created',
  updated_at: 'Updated',
  reject_reason: 'Reject reason',
  borrowed_by: 'Borrowed by',
  borrowed_at: 'Borrowed at',
  // stock ledger: how much went with the borrower, and until when
  borrowed_amount: 'Amount borrowed',
  borrow_due: 'Due back',
  source_order_id: 'From reagent order',
  inventory_item_id: 'Inventory item',
  id: 'ID',
  container_size: 'Container size',
  container_label: 'Container',
  lot_number: 'Lot No.',
  expiry_date: 'Expiry date',
  received_date: 'Received',
  opened_date: 'Opened',
  supplier: 'Supplier',
  min_stock: 'Minimum stock',
  ghs: 'GHS pictograms',
};

export type RecordFieldKey = keyof typeof FIELD_EN;

const FIELD_ZH: Record<RecordFieldKey, string> = {
  all: '全部字段',
  name: '名称',
  english_name: '英文名',
  cas_number: 'CAS号',
  specification: '规格',
  quantity: '数量',
  unit: '单位',
  unit_price: '单价',
  storage_location: '存放位置',
  brand: '品牌',
  category: '类别',
  product_number: '货号',
  hazardous: '危险品',
  status: '状态',
  applicant: '申请人',
  notes: '备注',
  communication: '联系/供应商信息',
  borrowed_by_name: '借用人',
  created_at: '创建时间',
  updated_at: '更新时间',
  reject_reason: '驳回原因',
  borrowed_by: '借用人',
  borrowed_at: '借出时间',
  borrowed_amount: '借出数量',
  borrow_due: '应还日期',
  source_order_id: '来源试剂订单',
  inventory_item_id: '库存条目',
  id: '编号',
  container_size: '单瓶规格',
  container_label: '容器',
  lot_number: '批号',
  expiry_date: '有效期',
  received_date: '入库日期',
  opened_date: '开封日期',
  supplier: '供应商',
  min_stock: '最低库存',
  ghs: 'GHS象形图',
};

/** Statuses of every record kind (`all` is the list filter's "any status"). */
const STATUS_EN = {
  all: 'All statuses',
  in_stock: 'In stock',
  borrowed: 'Borrowed',
  consumed: 'Consumed',
  disposed: 'Disposed',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  arrived: 'Arrived',
  stocked_in: 'Stocked in',
  rejected: 'Rejected',
  completed: 'Completed',
};

const STATUS_ZH: Record<keyof typeof STATUS_EN, string> = {
  all: '全部状态',
  in_stock: '在库',
  borrowed: '借出',
  consumed: '已用完',
  disposed: '已处置',
  pending_approval: '待审批',
  approved: '已批准',
  arrived: '已到货',
  stocked_in: '已入库',
  rejected: '已驳回',
  completed: '已完成',
};

const YES_NO: Record<LabelLanguage, Record<'yes' | 'no', string>> = { en: { yes: 'Yes', no: 'No' }, 'zh-CN': { yes: '是', no: '否' } };

/** The two kinds of order (import_submissions.order_kind, cart import). */
const ORDER_KIND: Record<LabelLanguage, Record<'reagent' | 'consumable', string>> = {
  en: { reagent: 'Reagent order', consumable: 'Consumable order' },
  'zh-CN': { reagent: '试剂订单', consumable: '耗材订单' },
};

export const RECORD_LABELS = {
  en: { field: FIELD_EN, status: STATUS_EN, yesNo: YES_NO.en, orderKind: ORDER_KIND.en },
  'zh-CN': { field: FIELD_ZH, status: STATUS_ZH, yesNo: YES_NO['zh-CN'], orderKind: ORDER_KIND['zh-CN'] },
};

/** A field's label; an unknown field reads as its own name. */
export function fieldLabel(lang: LabelLanguage, field: string): string {
  const labels: Record<string, string> = RECORD_LABELS[lang].field;
  return Object.hasOwn(labels, field) ? labels[field]! : field;
}

/** A status's label; an unknown code reads as itself. */
export function statusLabel(lang: LabelLanguage, status: string): string {
  const labels: Record<string, string> = RECORD_LABELS[lang].status;
  return Object.hasOwn(labels, status) ? labels[status]! : status;
}

export function yesNo(lang: LabelLanguage, value: boolean): string {
  return RECORD_LABELS[lang].yesNo[value ? 'yes' : 'no'];
}

export function orderKindLabel(lang: LabelLanguage, kind: string): string {
  const labels: Record<string, string> = RECORD_LABELS[lang].orderKind;
  return Object.hasOwn(labels, kind) ? labels[kind]! : kind;
}
