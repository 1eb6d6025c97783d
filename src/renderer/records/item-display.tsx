// How an item's amount, containers and expiry read: "1500 g", "3 瓶 × 500 g" or in a list cell "3 瓶" (containers =
// ceil(amount / size), so an opened bottle still counts), and the expiry date coloured by how many
// days of the lab's local calendar are left (expired red, within EXPIRY_WARN_DAYS orange).
import Big from 'big.js';
import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmount, toDecimal } from '../../shared/amounts';
import { EMPTY, labToday } from '../app/format';

/** Days before expiry at which the list warns (orange). */
export const EXPIRY_WARN_DAYS = 30;

/** `1500 g`: an amount with its unit, as every stock screen shows it (decimal text accepted too). */
export function amountText(v: number | string | null | undefined, unit: string): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  return `${formatAmount(typeof v === 'string' ? toDecimal(v) : v)} ${unit}`.trim();
}

/** How many containers an amount fills (the last one maybe part-full); 0 for an empty item. */
export function containerCount(quantity: number, size: number): number {
  return Number(new Big(quantity).div(size).round(0, Big.roundUp).toFixed());
}

/** "3 瓶 × 500 g", or '' when the item is not kept as containers. */
export function containersText(item: { quantity: number; unit: string; container_size: number | null; container_label: string }, t: TFunction): string {
  if (!item.container_size) return '';
  const v = { count: containerCount(item.quantity, item.container_size), label: item.container_label, size: formatAmount(item.container_size), unit: item.unit };
  return t(item.container_label ? 'itemFields.containersOf' : 'itemFields.containersPlain', v);
}

/** "3 瓶" (the list's narrow cell; the size shows on hover), or '' when the item is not kept as containers. */
export function containersShort(item: { quantity: number; container_size: number | null; container_label: string }, t: TFunction): string {
  if (!item.container_size) return '';
  const count = containerCount(item.quantity, item.container_size);
  return item.container_label ? t('itemFields.containersShort', { count, label: item.container_label }) : t('itemFields.containersShortPlain', { count });
}

/** Whole calendar days from `today` to `day` (both YYYY-MM-DD): negative once past. */
export function daysBetween(today: string, day: string): number {
  const utc = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  return Math.round((utc(day) - utc(today)) / 86_400_000);
}

export type ExpiryState = 'expired' | 'soon' | 'ok';

export function expiryState(day: string, today = labToday()): { state: ExpiryState; days: number } {
  const days = daysBetween(today, day);
  return { days, state: days < 0 ? 'expired' : days <= EXPIRY_WARN_DAYS ? 'soon' : 'ok' };
}

const COLOR: Record<ExpiryState, string | undefined> = { expired: '#cf1322', soon: '#d46b08', ok: undefined };

/** The expiry date, red when past, orange when close; the days left (or since) on hover and for screen readers. */
export function ExpiryDate({ day }: { day: string | null }) {
  const { t } = useTranslation();
  return expiryDate(day, t);
}

/** ExpiryDate without a hook of its own, for a table column (one per row). */
export function expiryDate(day: string | null, t: TFunction): ReactElement {
  if (!day) return <>{EMPTY}</>;
  const { state, days } = expiryState(day);
  const note = days < 0 ? t('itemFields.expiredAgo', { count: -days }) : days === 0 ? t('itemFields.expiresToday') : t('itemFields.expiresIn', { count: days });
  return (
    <span title={note} data-expiry={state} style={{ color: COLOR[state], fontWeight: state === 'ok' ? undefined : 600, whiteSpace: 'nowrap' }}>
      {day}
    </span>
  );
}
