// The stock actions' rules both sides need: from which statuses each action starts (the service
// refuses the others with a conflict; the inventory page offers only the allowed ones), the reasons
// the ledger writes by itself, and how movements read to a person in both languages (the UI's
// ledger and the ledger export).
import type { InventoryStatus } from './records';
import type { MovementKind } from './stock';
import type { LabelLanguage } from './record-labels';
import { STOCKTAKE_REASON } from './stocktake';

export type StockAction = 'use' | 'borrow' | 'return' | 'consume' | 'dispose' | 'adjust' | 'split';

export const STOCK_ACTION_FROM: Record<StockAction, readonly InventoryStatus[]> = {
  use: ['in_stock'],
  borrow: ['in_stock'],
  return: ['borrowed'],
  consume: ['in_stock', 'borrowed'],
  // a consumed item's empty container can still be disposed of (amount 0)
  dispose: ['in_stock', 'borrowed', 'consumed'],
  // a stocktake may find some of a "consumed" item after all
  adjust: ['in_stock', 'consumed'],
  split: ['in_stock'],
};

/**
 * When a stock action on a controlled item (双人双锁) needs a second person's confirmation. The
 * service enforces it (stock/stock-service.ts); the stock dialog shows the fields from it.
 * - `always`: use, consume, dispose, adjust (the balance changes; an adjust even when it does
 *   not), and borrow: the balance stays until the return, but the container leaves the locked
 *   cabinet with one person, as for a use (a borrowing also states its purpose, 用途).
 * - `whenUsed`: return, only when part of the borrowing does not come back and is counted as used.
 * - `never`: split (the amount stays in the lab, in two containers).
 */
export type SecondPersonNeed = 'always' | 'whenUsed' | 'never';

const SECOND_PERSON: Record<StockAction, SecondPersonNeed> = {
  use: 'always',
  consume: 'always',
  dispose: 'always',
  adjust: 'always',
  return: 'whenUsed',
  borrow: 'always',
  split: 'never',
};

/** The rule for an action on a controlled item; an item that is not controlled never needs one. */
export function secondPersonRule(action: StockAction): SecondPersonNeed {
  return SECOND_PERSON[action];
}

/** Reasons the ledger writes itself (stored as these codes, shown in words). */
export const SYSTEM_REASONS = {
  /** return: the part of a borrowing that did not come back. */
  notReturned: 'not returned',
  /** an edit of the quantity (or unit) through the item form. */
  edited: 'edited',
} as const;

const KIND: Record<LabelLanguage, Record<MovementKind, string>> = {
  en: { received: 'Received', used: 'Used', borrowed: 'Borrowed', returned: 'Returned', disposed: 'Disposed', adjusted: 'Adjusted', moved: 'Moved', split: 'Split' },
  'zh-CN': { received: '入库', used: '使用', borrowed: '借出', returned: '归还', disposed: '处置', adjusted: '盘点调整', moved: '移位', split: '分装' },
};

const REASON: Record<LabelLanguage, Record<string, string>> = {
  en: { [SYSTEM_REASONS.notReturned]: 'not returned', [SYSTEM_REASONS.edited]: 'edited in the form' },
  'zh-CN': { [SYSTEM_REASONS.notReturned]: '未归还部分', [SYSTEM_REASONS.edited]: '表单修改' },
};

export function movementKindLabel(lang: LabelLanguage, kind: MovementKind): string {
  return KIND[lang][kind] ?? kind;
}

/** The reason of a bulk import's receipt into an item already in stock: the file's name. */
export function importReason(fileName: string): string {
  return `import: ${fileName}`;
}

const IMPORT_REASON = /^import: (.*)$/s;

export function movementReasonText(lang: LabelLanguage, reason: string): string {
  // a stocktake's adjustment or move: "stocktake #12" (stocktake/stocktake-close.ts)
  const st = STOCKTAKE_REASON.exec(reason);
  if (st) return lang === 'en' ? `by stocktake #${st[1]}` : `盘点 #${st[1]}`;
  const im = IMPORT_REASON.exec(reason);
  if (im) return lang === 'en' ? `bulk import: ${im[1]}` : `批量导入：${im[1]}`;
  // own keys only: a note typed as "constructor" is the note, not Object's property
  return Object.hasOwn(REASON[lang], reason) ? REASON[lang][reason]! : reason;
}

/** The ledger's columns (UI table and export), in order. */
export const MOVEMENT_COLUMNS = ['at', 'user', 'kind', 'amount', 'balance_after', 'reason', 'purpose', 'due_date', 'order_id'] as const;

const HEAD: Record<LabelLanguage, Record<(typeof MOVEMENT_COLUMNS)[number], string>> = {
  en: { at: 'When', user: 'Who', kind: 'Movement', amount: 'Amount', balance_after: 'Balance after', reason: 'Reason / note', purpose: 'Purpose', due_date: 'Due back', order_id: 'Order' },
  'zh-CN': { at: '时间', user: '操作人', kind: '类型', amount: '数量', balance_after: '结存', reason: '原因/备注', purpose: '用途', due_date: '应还日期', order_id: '订单' },
};

export function movementColumnLabel(lang: LabelLanguage, col: (typeof MOVEMENT_COLUMNS)[number]): string {
  return HEAD[lang][col];
}
