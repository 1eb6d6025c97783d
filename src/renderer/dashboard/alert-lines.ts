// The lines of the home screen's date alert cards: one per batch (the containers of one name,
// specification and lot with one date), with how many there are and where, so three bottles of one
// delivery read as one line "乙醚 500 mL 批号 L1 ×3 · A柜、B柜 · 2026-01-01 到期" instead of three
// lines no one can tell apart.
import type { TFunction } from 'i18next';
import type { AlertBatch } from '../../shared/contract/dashboard';

/** One batch as a card's line; `when` is the date part (expires on / due on, already worded). */
export function batchLine(b: AlertBatch, when: string, t: TFunction, lang: string): string {
  const what = [b.name, b.specification, b.lot_number ? t('dashboard.lot', { lot: b.lot_number }) : ''].filter(Boolean).join(' ');
  const many = b.count > 1 ? ` ×${b.count}` : '';
  const where = b.locations.length ? ` · ${b.locations.join(lang.startsWith('zh') ? '、' : ', ')}` : '';
  return `${what}${many}${where} · ${when}`;
}
